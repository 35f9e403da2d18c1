/** Where a built shop keeps the box office's page renderer (a dot folder: never served, shopPages.ts). */
export const SSR_FOLDER = '.ssr';
/** The renderer's module in that folder (scripts/build.ts, pageRender.ts). */
export const SSR_ENTRY = 'renderPage.js';
