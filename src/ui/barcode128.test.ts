import { describe, expect, it } from 'vitest';
import { code128BBars, code128BSymbols, code128BWidths, isCode128B, QUIET_ZONE } from './barcode128.ts';

describe('Code 128-B', () => {
  it('computes the check symbol of a known value (PJJ123C: 879 mod 103 = 55)', () => {
    // Start B 104 + P 48×1 + J 42×2 + J 42×3 + 1 17×4 + 2 18×5 + 3 19×6 + C 35×7 = 879.
    expect(code128BSymbols('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });

  it('draws the start, data, check and stop symbols with their bar widths', () => {
    // 'A' is 33; the check is (104 + 33) mod 103 = 34 ('B').
    expect(code128BWidths('A').join('')).toBe(['211214', '111323', '131123', '2331112'].join(''));
  });

  it('every symbol is 11 modules, the stop 13, and bars and spaces alternate from a bar', () => {
    const text = 'ABCD-EFGH-JKLM';
    const widths = code128BWidths(text);
    // Start B, one symbol per character and the check, 11 modules each; then the stop.
    const symbols = text.length + 2;
    expect(widths.reduce((a, w) => a + w, 0)).toBe(symbols * 11 + 13);
    expect(widths).toHaveLength(symbols * 6 + 7);
    const { bars, modules } = code128BBars(text);
    expect(modules).toBe(symbols * 11 + 13 + 2 * QUIET_ZONE);
    expect(bars[0]).toEqual([QUIET_ZONE, 2]);
    // The stop ends with a two-module bar just before the right quiet zone.
    expect(bars.at(-1)).toEqual([modules - QUIET_ZONE - 2, 2]);
  });

  it('carries printable ASCII only', () => {
    expect(isCode128B('GIFT-150-SANDBOX')).toBe(true);
    expect(isCode128B('')).toBe(false);
    expect(isCode128B('שובר')).toBe(false);
    expect(() => code128BSymbols('é')).toThrow();
  });
});
