/**
 * The board's first screen the box office writes into the page (server/http/seo/prepaint.ts): plain HTML
 * with its own styles, shown before the scripts run, while the shop renders hidden beside it. The shop's
 * stylesheets come with that page as `media="print"` (they do not hold the first paint); the shop turns
 * them on as it starts (`applyDeferredStyles`). Removing the first screen shows the shop in its place in
 * one frame, once those stylesheets are in: the board calls `dismissPrepaint` when its list is drawn,
 * any other page (or a failure) at once.
 */
export function applyDeferredStyles(): void {
  if (typeof document === 'undefined') return;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-deferred]')) {
    link.media = 'all';
    link.removeAttribute('data-deferred');
  }
}

/** Resolves when every stylesheet of the page has loaded (or failed: the page shows regardless). */
function stylesLoaded(): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => link.sheet === null,
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((done) => {
          link.addEventListener('load', () => done(), { once: true });
          link.addEventListener('error', () => done(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

let dismissing = false;

export function dismissPrepaint(): void {
  if (typeof document === 'undefined' || dismissing || !hasPrepaint()) return;
  dismissing = true;
  applyDeferredStyles();
  void stylesLoaded().then(() => {
    document.getElementById('prepaint')?.remove();
    document.getElementById('prepaint-style')?.remove();
  });
}

/** Whether the page still shows the box office's first screen. */
export function hasPrepaint(): boolean {
  return typeof document !== 'undefined' && document.getElementById('prepaint') !== null;
}
