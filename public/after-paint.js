// Pages the box office draws with React (server/http/seo/head.ts) start the shop through this file: the
// first screen is painted first, then the shop's scripts are asked for (the entry, and the modulepreload
// links the page would have had) and run. Fetching and compiling them before the first paint would hold
// it on a phone.
let started = false;
/** Preload links added per task: each costs the main thread about a millisecond on a slow machine. */
const LINKS_PER_TASK = 8;
function start() {
  if (started) return;
  started = true;
  const entry = document.querySelector('meta[name="shop-entry"]');
  if (entry) import(entry.content);
  // A few links a task (a message between tasks is not clamped as nested timers are): the 70-odd links
  // of the order page added at once were one task of 55–105 ms, before the shop had drawn a thing.
  const modules = [...document.querySelectorAll('meta[name="shop-module"]')].map((meta) => meta.content);
  const next = new MessageChannel();
  const some = () => {
    for (const href of modules.splice(0, LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (modules.length > 0) next.port2.postMessage(null);
    else next.port1.close();
  };
  next.port1.onmessage = some;
  some();
}
requestAnimationFrame(() => setTimeout(start, 0));
// A tab opened in the background paints no frame: the shop starts regardless.
setTimeout(start, 200);

// What a customer does on the drawn page before the shop answers (`#root[data-ready]`, src/app/App.tsx)
// is kept, not lost, and done again in order once the shop has taken the page over: each tap on a
// button, a chip or a box (held back until then), and what was typed into a field (its last value).
// Links need no help: they lead to their page, which the box office draws too.
const root = document.getElementById('root');
const CONTROLS =
  'button, [role="button"], [role="radio"], [role="checkbox"], [role="tab"], [role="option"], ' +
  'input[type="checkbox"], input[type="radio"], label';
const FIELDS = 'input:not([type="checkbox"]):not([type="radio"]), textarea';
/**
 * Where an element is, in words that outlive it: the nearest `data-testid` around it (which of those),
 * and which control or field of that it is. The shop may draw the part again once it answers (a screen
 * narrower than the one the page was drawn for): the same place is found in what it draws.
 */
function placeOf(el, selector) {
  const host = el.closest('[data-testid]');
  if (!host || !root.contains(host)) return null;
  const id = host.getAttribute('data-testid');
  const hosts = [...root.querySelectorAll('[data-testid]')].filter(
    (h) => h.getAttribute('data-testid') === id,
  );
  const inHost = host === el ? 0 : [...host.querySelectorAll(selector)].indexOf(el);
  return { id, nth: hosts.indexOf(host), inHost };
}
function find(el, place, selector) {
  if (el.isConnected) return el;
  if (!place) return null;
  const host = [...root.querySelectorAll('[data-testid]')].filter(
    (h) => h.getAttribute('data-testid') === place.id,
  )[place.nth];
  if (!host) return null;
  if (place.inHost === 0 && host.matches(selector)) return host;
  return host.querySelectorAll(selector)[place.inHost] ?? null;
}

if (root && root.hasAttribute('data-ssr')) {
  const early = [];
  const inside = (event) =>
    event.target instanceof Element && root.contains(event.target) ? event.target : null;
  const tap = (event) => {
    const control = inside(event)?.closest(CONTROLS);
    if (!control || control.closest('a[href]') || control.matches('label:has(' + FIELDS + ')')) return;
    event.preventDefault();
    event.stopPropagation();
    early.push({ tap: control, place: placeOf(control, CONTROLS) });
  };
  const type = (event) => {
    const field = inside(event)?.closest(FIELDS);
    if (field) early.push({ field, value: field.value, place: placeOf(field, FIELDS) });
  };
  document.addEventListener('click', tap, true);
  document.addEventListener('input', type, true);
  new MutationObserver((_, observer) => {
    if (!root.hasAttribute('data-ready')) return;
    observer.disconnect();
    document.removeEventListener('click', tap, true);
    document.removeEventListener('input', type, true);
    // The shop's effects have run with its first commit: what was done lands on the page that answers.
    requestAnimationFrame(() => {
      for (const step of early) {
        if ('tap' in step) {
          find(step.tap, step.place, CONTROLS)?.click();
          continue;
        }
        const field = find(step.field, step.place, FIELDS);
        if (!field) continue;
        // As typing does: the field's own value setter (React watches it), then an input event.
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, step.value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
    });
  }).observe(root, { attributes: true, attributeFilter: ['data-ready'] });
}
