// Pages the box office draws with React (server/http/seo/head.ts) start the shop through this
// file: the first screen is painted first, then the shop's scripts are asked for, all at once (the
// modulepreload links the page would have had), and run. Fetching and compiling them before the first
// paint would hold it on a phone.
let started = false;
function start() {
  if (started) return;
  started = true;
  for (const meta of document.querySelectorAll('meta[name="shop-module"]')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = meta.content;
    document.head.append(link);
  }
  const entry = document.querySelector('meta[name="shop-entry"]');
  if (entry) import(entry.content);
}
requestAnimationFrame(() => setTimeout(start, 0));
// A tab opened in the background paints no frame: the shop starts regardless.
setTimeout(start, 200);
