import { BitmapText, Container, Graphics, Text, type TextStyleOptions } from 'pixi.js';
import type { RenderData } from '../../workers/seatplan/engine.ts';
import { type Camera, intersects, type Rect, ROW_LABELS_FROM_PX, worldToScreen } from './camera.ts';
import type { SeatColors } from './palette.ts';

const MAX_ROW_LABELS = 160;

/** Seats ringed on the map besides the hover and the keyboard focus. */
export interface SeatMarks {
  /** Seats the shop just chose for the customer. */
  picked: readonly number[];
  /** Free seats the customer's selection would leave alone. */
  warn: readonly number[];
}

const NO_MARKS: SeatMarks = { picked: [], warn: [] };
/** New row labels made per frame at most, so zooming in never stalls on text layout. */
const NEW_LABELS_PER_FRAME = 40;

export const LABEL_STYLE_SECTION = {
  fontSize: 12,
  fontFamily: 'system-ui, sans-serif',
  fontWeight: '600',
} as const;
export const LABEL_STYLE_ROW = { fontSize: 11, fontFamily: 'system-ui, sans-serif' } as const;
const LABEL_STYLE_STAGE = { ...LABEL_STYLE_SECTION, fontSize: 13 } as const;

/** Words the map writes that are not in the plan: the stage's or screen's name in the page's language. */
export interface MapLabels {
  stage: string | null;
}

/** Hebrew and Arabic letters (and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/;

/** Whether a label's first letter is Hebrew or Arabic (as the page's `dir="auto"` would judge it). */
function isRtl(text: string): boolean {
  const first = /\p{L}/u.exec(text);
  return first !== null && RTL_LETTER.test(first[0]);
}

/**
 * A label the canvas lays out itself. Bitmap text places glyphs one by one, left to right and unjoined:
 * Hebrew would read backwards and Arabic letters apart. The canvas's own text shapes and orders them;
 * its line is left to right in the render worker, so a right-to-left label is embedded as such (RLE …
 * PDF) and "יציע 1" shows as on the page, the number after the word, to its left.
 */
function canvasText(text: string, style: TextStyleOptions, fill: string): Text {
  const t = new Text({ text: isRtl(text) ? `\u202B${text}\u202C` : text, style: { ...style, fill } });
  t.anchor.set(0.5);
  return t;
}

/** Section names in Latin, Cyrillic or digits stay bitmap text (one glyph atlas, cheap for many). */
const needsCanvasText = (text: string) => RTL_LETTER.test(text);

/**
 * What is drawn over the cached tiles in screen space, every frame, so it stays crisp and never makes a
 * tile stale: the stage's or screen's name, section names (zoomed out), row names beside each visible
 * row (zoomed in), and the hover and keyboard-focus rings.
 */
export class Overlay {
  readonly container = new Container({ label: 'overlay', eventMode: 'none' });
  private readonly sectionLabels = new Container();
  private readonly rowLabels = new Container();
  private readonly marks = new Graphics();
  private readonly rowLabelPool: BitmapText[] = [];
  private sectionLabelTexts: Array<BitmapText | Text> = [];
  private stageLabel: Text | null = null;
  private readonly colors: SeatColors;

  constructor(colors: SeatColors) {
    this.colors = colors;
    this.container.addChild(this.sectionLabels, this.rowLabels, this.marks);
  }

  setPlan(d: RenderData, labels: MapLabels = { stage: null }): void {
    for (const t of this.sectionLabelTexts) t.destroy();
    this.sectionLabelTexts = [];
    this.sectionLabels.removeChildren();
    this.stageLabel?.destroy();
    this.stageLabel = null;
    if (d.stage && labels.stage) {
      this.stageLabel = canvasText(labels.stage, LABEL_STYLE_STAGE, this.colors.screen);
      this.container.addChildAt(this.stageLabel, 0);
    }
    if (d.sections.length > 400) return;
    for (const s of d.sections) {
      const fill = this.colors.screen;
      let t: BitmapText | Text;
      if (needsCanvasText(s.name)) t = canvasText(s.name, LABEL_STYLE_SECTION, fill);
      else {
        t = new BitmapText({ text: s.name, style: { ...LABEL_STYLE_SECTION, fill } });
        t.anchor.set(0.5);
      }
      this.sectionLabelTexts.push(t);
      this.sectionLabels.addChild(t);
    }
  }

  /** Places everything for this camera; false when some row labels still wait for a later frame. */
  place(d: RenderData, cam: Camera, visible: Rect, hover: number, focus: number, marks?: SeatMarks): boolean {
    const seatPx = d.seatRadius * cam.scale;
    this.placeStageLabel(d, cam, visible);
    this.sectionLabels.visible = seatPx < ROW_LABELS_FROM_PX;
    if (this.sectionLabels.visible) this.placeSectionLabels(d, cam, visible);
    const done = this.placeRowLabels(d, cam, seatPx >= ROW_LABELS_FROM_PX ? visible : null);
    this.drawMarks(d, cam, seatPx, hover, focus, marks);
    return done;
  }

  /**
   * The stage's name: inside the stage when it fits there (dark on the stage's light colour), else beside
   * it towards the seats (a cinema's screen is a thin bar: the name sits between it and the first row).
   * Hidden when the stage is out of view or smaller on screen than its name.
   */
  private placeStageLabel(d: RenderData, cam: Camera, visible: Rect): void {
    const t = this.stageLabel;
    const s = d.stage;
    if (!t || !s) return;
    const world = { minX: s.x, minY: s.y, maxX: s.x + s.width, maxY: s.y + s.height };
    const a = worldToScreen(cam, world.minX, world.minY);
    const b = worldToScreen(cam, world.maxX, world.maxY);
    const w = b.x - a.x;
    const h = b.y - a.y;
    t.visible = intersects(world, visible) && Math.max(w, h) >= t.width;
    if (!t.visible) return;
    const gap = 4;
    const inside = h >= t.height + 2 * gap && w >= t.width + 4 * gap;
    // The field of an arena is drawn faint: its name stays light over it.
    const fill = inside && s.kind !== 'field' ? this.colors.background : this.colors.screen;
    if (t.style.fill !== fill) t.style.fill = fill;
    // Beside the stage, on the side of the plan's middle (where the seats are).
    const towardsX = (d.bounds.minX + d.bounds.maxX) / 2 - (world.minX + world.maxX) / 2;
    const towardsY = (d.bounds.minY + d.bounds.maxY) / 2 - (world.minY + world.maxY) / 2;
    let x = (a.x + b.x) / 2;
    let y = (a.y + b.y) / 2;
    if (!inside && w >= h) y = towardsY >= 0 ? b.y + gap + t.height / 2 : a.y - gap - t.height / 2;
    else if (!inside) x = towardsX >= 0 ? b.x + gap + t.width / 2 : a.x - gap - t.width / 2;
    t.position.set(Math.round(x), Math.round(y));
  }

  private placeSectionLabels(d: RenderData, cam: Camera, visible: Rect): void {
    d.sections.forEach((s, k) => {
      const t = this.sectionLabelTexts[k];
      if (!t) return;
      const on = intersects(s, visible) && (s.maxX - s.minX) * cam.scale > t.width;
      t.visible = on;
      if (on) {
        const p = worldToScreen(cam, (s.minX + s.maxX) / 2, (s.minY + s.maxY) / 2);
        t.position.set(Math.round(p.x), Math.round(p.y));
      }
    });
  }

  /** Row names beside the first seat of each visible row. */
  private placeRowLabels(d: RenderData, cam: Camera, visible: Rect | null): boolean {
    let used = 0;
    let budget = NEW_LABELS_PER_FRAME;
    let done = true;
    if (visible) {
      outer: for (const s of d.sections) {
        if (!intersects(s, visible)) continue;
        for (let r = 0; r < d.rows.length && used < MAX_ROW_LABELS; r++) {
          const row = d.rows[r]!;
          if (row.start < s.start || row.start >= s.end) continue;
          const i = row.start;
          const j = row.end - 1;
          const x = d.x[i]!;
          const y = d.y[i]!;
          if (x < visible.minX || x > visible.maxX || y < visible.minY || y > visible.maxY) continue;
          // Step outwards from the first seat, away from the row.
          const len = Math.hypot(d.x[j]! - x, d.y[j]! - y) || 1;
          const ox = ((x - d.x[j]!) / len) * d.seatRadius * 2.6;
          const oy = ((y - d.y[j]!) / len) * d.seatRadius * 2.6;
          const p = worldToScreen(cam, x + ox, y + oy);
          let t = this.rowLabelPool[used];
          if (!t) {
            if (budget-- <= 0) {
              done = false;
              break outer;
            }
            t = new BitmapText({ text: '', style: { ...LABEL_STYLE_ROW, fill: this.colors.rows } });
            t.anchor.set(0.5);
            this.rowLabelPool.push(t);
            this.rowLabels.addChild(t);
          }
          used++;
          if (t.text !== row.name) t.text = row.name;
          t.position.set(Math.round(p.x), Math.round(p.y));
          t.visible = true;
        }
      }
    }
    for (let k = used; k < this.rowLabelPool.length; k++) this.rowLabelPool[k]!.visible = false;
    return done;
  }

  private drawMarks(
    d: RenderData,
    cam: Camera,
    seatPx: number,
    hover: number,
    focus: number,
    marks: SeatMarks = NO_MARKS,
  ): void {
    const g = this.marks.clear();
    const r = Math.max(seatPx, 3) + 3;
    // Seats the shop just chose for the customer (green), seats a selection would leave alone (orange).
    for (const [seats, color] of [
      [marks.picked, 0x22c55e],
      [marks.warn, 0xf97316],
    ] as const) {
      for (const i of seats) {
        if (i < 0 || i >= d.count) continue;
        const p = worldToScreen(cam, d.x[i]!, d.y[i]!);
        g.circle(p.x, p.y, r + 1).stroke({ color, width: 3 });
      }
    }
    for (const [i, color, width] of [
      [hover, 0xffffff, 2],
      [focus, 0xfacc15, 3],
    ] as const) {
      if (i < 0 || i >= d.count) continue;
      const p = worldToScreen(cam, d.x[i]!, d.y[i]!);
      g.circle(p.x, p.y, r).stroke({ color, width });
    }
  }
}
