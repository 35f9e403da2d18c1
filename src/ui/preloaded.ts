/**
 * Answers a page came with, by the key its `useAsync` loads them under (issue 39): the box office
 * renders a page with them (src/ssr/renderPage.tsx) and inlines them into it, and the shop's first
 * render in the browser uses the same, so hydration draws exactly what the server drew and asks for
 * nothing again. Each is used by the first render that asks for it; later ones load as usual.
 */
const answers = new Map<string, unknown>();

/** The answers of the page being rendered (the server's render, or the browser's hydration). */
export function seedPreloaded(entries: Readonly<Record<string, unknown>>): void {
  answers.clear();
  for (const [key, value] of Object.entries(entries)) answers.set(key, value);
}

/** The preloaded answer for a load key, if the page came with one (it stays until forgotten). */
export function preloadedAnswer(key: string): { value: unknown } | null {
  return answers.has(key) ? { value: answers.get(key) } : null;
}

/** The page has drawn with it: from now on that load asks the box office. */
export function forgetPreloaded(key?: string): void {
  if (key === undefined) answers.clear();
  else answers.delete(key);
}
