/**
 * The stylesheet of the board's first screen (prepaint.ts), inlined in the page's head. Mantine's own
 * variables arrive with its script, so the values are the theme's, written out (src/ui/theme.ts, Mantine
 * 9's defaults: violet, spacing 10/12/16/20/32, radius 4/8) and kept beside the board's stylesheet
 * (src/flows/events/EventsBoard.module.css). While the first screen is there, the shop renders hidden
 * beside it; src/ui/prepaint.ts removes it when the real board is drawn.
 */
export const PREPAINT_CSS = `
#prepaint ~ #root { visibility: hidden; position: absolute; top: 0; left: 0; right: 0; }
body { margin: 0; }
.pp { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Hebrew", "Noto Sans Arabic",
  "Helvetica Neue", Arial, sans-serif; font-size: 16px; line-height: 1.55; color: #000; background: #fff;
  -webkit-font-smoothing: antialiased; }
.pp * { box-sizing: border-box; }
.pp-c { max-width: 1140px; margin-inline: auto; padding-inline: 16px; }
.pp-header { position: fixed; top: 0; left: 0; right: 0; height: 60px; z-index: 100; background: #fff;
  border-bottom: 1px solid #dee2e6; }
.pp-hrow { height: 100%; display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.pp-hstart { display: flex; align-items: center; gap: 8px; }
.pp-burger { display: inline-flex; align-items: center; justify-content: center; width: 44px; height: 44px;
  border: 1px solid transparent; border-radius: 8px; color: #2e2e2e; }
.pp-nav { display: flex; align-items: center; gap: 4px; }
.pp-navlink { display: inline-flex; align-items: center; height: 26px; padding: 0 8px; border: 1px solid transparent;
  border-radius: 8px; font-size: 14px; font-weight: 600; color: #2e2e2e; text-decoration: none; white-space: nowrap; }
.pp-brand { color: #6741d9; font-size: 20px; font-weight: 800; text-decoration: none; }
.pp-hend { display: flex; align-items: center; gap: 6px; }
.pp-tagline { font-size: 14px; color: #5f666d; }
.pp-account { font-size: 14px; font-weight: 600; color: #7950f2; text-decoration: none; padding: 0 10px;
  line-height: 26px; }
.pp-accicon { display: none; }
.pp-lang { min-width: 46px; height: 30px; padding: 0 10px; border: 1px solid #ced4da; border-radius: 8px;
  font-size: 16px; font-weight: 700; line-height: 28px; text-align: center; }
.pp-main { padding: 76px 16px 16px; }
.pp-main > .pp-c { padding-block: 16px; display: flex; flex-direction: column; gap: 20px; }
.pp-h1 { margin: 0; font-size: 34px; line-height: 1.3; font-weight: 700; }
.pp-row { display: flex; gap: 10px; flex-wrap: nowrap; overflow-x: auto; padding-block-end: 6px; }
.pp-chip { display: inline-flex; align-items: center; height: 28px; padding-inline: 20px; border-radius: 1000px;
  border: 1px solid #dee2e6; background: #fff; font-size: 14px; white-space: nowrap; }
.pp-on { padding-inline: 10px; border-color: #7950f2; color: #7950f2; }
.pp-on::before { content: "✓"; margin-inline-end: 6px; font-size: 12px; font-weight: 700; }
.pp-filters { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 12px; }
.pp-field { display: flex; flex-direction: column; }
.pp-search { flex: 3 1 10rem; }
.pp-venue { flex: 2 1 8rem; }
.pp-kinds { flex: 1 1 100%; min-width: 0; }
.pp-label { font-size: 14px; font-weight: 600; line-height: 1.55; }
.pp-input { height: 36px; padding-inline: 12px; border: 1px solid #ced4da; border-radius: 8px; font-size: 14px;
  line-height: 34px; white-space: nowrap; overflow: hidden; }
.pp-placeholder { color: #868e96; }
.pp-note { margin: -8px 0 0; font-size: 12px; line-height: 1.4; color: #495057; }
.pp-count, .pp-empty { margin: 0; font-size: 14px; line-height: 1.45; color: #495057; }
.pp-day { margin-bottom: 32px; }
.pp-daytitle { margin: 0 0 12px; font-size: 18px; line-height: 1.3; color: #343a40; }
.pp-grid { display: grid; gap: 16px; grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr));
  align-items: start; }
.pp-list { display: flex; flex-direction: column; gap: 12px; }
.pp-card { display: grid; grid-template-columns: auto minmax(0, 1fr); grid-template-rows: auto 1fr;
  grid-template-areas: 'poster body' 'poster action'; align-items: start; column-gap: 16px; row-gap: 10px;
  padding: 16px; border: 1px solid #dee2e6; border-radius: 8px; background: #fff; min-width: 0;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.05), 0 1px 2px rgba(0, 0, 0, 0.1); }
.pp-poster { grid-area: poster; width: 120px; height: 180px; border-radius: 4px; overflow: hidden;
  background: linear-gradient(160deg, #495057, #212529); }
.pp-poster img { display: block; width: 100%; height: 100%; object-fit: cover; }
.pp-list .pp-poster { width: 72px; height: 108px; }
.pp-body { grid-area: body; min-width: 0; display: flex; flex-direction: column; gap: 6px; }
.pp-title { margin: 0; font-size: 18px; line-height: 1.3; overflow-wrap: anywhere; }
.pp-meta { margin: 0; font-size: 14px; color: #495057; }
.pp-tags { display: flex; flex-wrap: wrap; gap: 6px; }
.pp-tag { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: 12px; font-weight: 600;
  line-height: 1.5; background: #f3f0ff; color: #5f3dc4; }
.pp-cat { background: #4263eb; color: #fff; }
.pp-plain { background: #f1f3f5; color: #343a40; }
.pp-action { grid-area: action; }
.pp-times { display: flex; flex-wrap: wrap; gap: 8px; margin: 0; padding: 0; list-style: none; }
.pp-time { display: flex; flex-direction: column; align-items: center; justify-content: center; min-width: 5.75rem;
  min-height: 3.25rem; padding: 4px 10px; border: 1px solid #7048e8; border-radius: 4px; color: #5f3dc4;
  background: #fff; text-decoration: none; line-height: 1.25; text-align: center; }
.pp-clock { font-size: 16px; font-weight: 700; font-variant-numeric: tabular-nums; }
.pp-hall, .pp-fmt { font-size: 12px; color: #343a40; }
.pp-fmt { font-weight: 700; }
.pp-mark { font-size: 0.72rem; font-weight: 700; }
.pp-few { border-color: #d9480f; }
.pp-few .pp-mark, .pp-closed .pp-mark { color: #c92a2a; }
.pp-closed { border-color: #ced4da; border-style: dashed; color: #343a40; background: #f8f9fa; }
.pp-ph { display: flex; flex-direction: column; gap: 4px; }
.pp-badge { display: inline-flex; align-items: center; height: 20px; padding: 0 8px; border-radius: 1000px;
  background: #f3f0ff; color: #7950f2; font-size: 11px; font-weight: 700; text-transform: uppercase;
  letter-spacing: 0.25px; }
.pp-dim { margin: 0; color: #5f666d; }
.pp-place { display: flex; flex-wrap: nowrap; align-items: baseline; gap: 6px; }
.pp-place > .pp-dim:first-child { flex-shrink: 0; max-width: 100%; }
.pp-addr { min-width: 0; font-size: 12px; line-height: 1.4; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
.pp-when { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; }
.pp-strong { font-weight: 600; }
.pp-cal { display: inline-flex; align-items: center; height: 26px; padding: 0 10px; border-radius: 8px;
  background: #f3f0ff; color: #7950f2; font-size: 14px; font-weight: 600; text-decoration: none; }
.pp-calicon, .pp-narrow { display: none; }
.pp-vod { display: flex; flex-direction: column; align-items: flex-start; gap: 8px; }
.pp-watch { display: inline-flex; align-items: center; height: 36px; padding: 0 18px; border-radius: 8px;
  background: #7950f2; color: #fff; font-size: 14px; font-weight: 600; text-decoration: none; }
.pp-sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; border: 0; }
@media (max-width: 56.24em) { .pp-tagline { display: none; } }
@media (max-width: 78.11875em) { .pp-nav { display: none; } }
@media (min-width: 78.125em) { .pp-burger, .pp-tnav { display: none; } }
@media (max-width: 37.5em) {
  .pp-account { display: inline-flex; align-items: center; justify-content: center; width: 44px; height: 44px;
    padding: 0; }
  .pp-accicon { display: block; }
  .pp-acclabel { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip-path: inset(50%);
    white-space: nowrap; }
  .pp-card { grid-template-areas: 'poster body' 'action action'; column-gap: 12px; padding: 12px; }
  .pp-poster { width: 84px; height: 126px; }
  .pp-list .pp-poster { width: 60px; height: 90px; }
  .pp-time { min-width: 5rem; padding: 4px 8px; }
  .pp-ph { gap: 0; }
  .pp-wide { display: none; }
  p.pp-narrow { display: block; }
  div.pp-narrow { display: flex; }
  .pp-trow { display: flex; align-items: center; justify-content: space-between; gap: 4px; }
  .pp-trow .pp-h1 { min-width: 0; font-size: 22px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .pp-calicon { display: inline-flex; align-items: center; justify-content: center; flex-shrink: 0; width: 44px;
    height: 44px; border-radius: 8px; color: #7950f2; }
  .pp-sm { font-size: 14px; line-height: 1.45; }
  .pp-cut { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
}
`
  .replace(/\n\s*/g, ' ')
  .trim();
