import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '../../src/api/contract/common.ts';
import type { Translate } from '../../src/domain/boardText.ts';

const localesDir = join(import.meta.dirname, '..', '..', 'locales');

type Messages = { [key: string]: string | Messages };

const cache = new Map<Locale, Translate>();

/**
 * A locale file's text by its dotted key, with i18next's `{{name}}` placeholders filled (the key if absent):
 * the shop's own texts (locales/*.json) for what the box office writes itself: pages before any script
 * runs (the board's first screen), the seats an order's e-mail lists (src/domain/seatPlace.ts). The same
 * words the shop shows. Read once per language.
 */
export function localeTexts(locale: Locale): Translate {
  let t = cache.get(locale);
  if (!t) {
    const messages = JSON.parse(readFileSync(join(localesDir, `${locale}.json`), 'utf8')) as Messages;
    t = (key, params = {}) => {
      let node: string | Messages | undefined = messages;
      for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
      if (typeof node !== 'string') return key;
      return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) =>
        params[name] === undefined ? m : String(params[name]),
      );
    };
    cache.set(locale, t);
  }
  return t;
}
