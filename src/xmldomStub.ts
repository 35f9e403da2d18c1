/**
 * @xmldom/xmldom as the shop's bundles see it (vite.config.ts): PixiJS's WebWorkerAdapter imports it
 * for one thing, parsing XML bitmap-font files loaded through Assets, which the seat map never does (it
 * builds its label fonts from styles). The real parser is ~15 KB gzip in the seat route's render worker.
 */
export class DOMParser {
  parseFromString(): never {
    throw new Error('XML parsing is not bundled with the shop (src/xmldomStub.ts)');
  }
}
