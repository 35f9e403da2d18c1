// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { initI18n, localeReady } from './index.ts';

describe('localeReady', () => {
  // The router loads the page of a direct visit as it starts, before the shop knows its language.
  it('asked before the language is set, waits for it and for the rest of its texts', async () => {
    let ready = false;
    const asked = localeReady().then(() => {
      ready = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(ready).toBe(false);
    const i18n = await initI18n('en', 'en');
    await asked;
    // A text of the order flow, outside the first page's core.
    expect(i18n.exists('order.pay')).toBe(true);
  });
});
