/**
 * Code 128, code set B (ISO/IEC 15417): printable ASCII (32–126) as bars, for the voucher codes on the
 * printable document. Pure functions: the symbol values, their check symbol and the bar widths; the
 * drawing is Barcode.tsx's.
 */

/**
 * The widths of the 107 symbols, in modules: bar, space, bar, space, bar, space (11 modules); the index
 * is the symbol's value. 103–105 start code sets A, B, C; 106 is the stop, seven elements (13 modules).
 */
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

export const START_B = 104;
export const STOP = 106;
/** The light margin each side: ten modules at least. */
export const QUIET_ZONE = 10;

/** Whether code set B can carry the text (printable ASCII only). */
export function isCode128B(text: string): boolean {
  return text.length > 0 && /^[\x20-\x7e]+$/.test(text);
}

/**
 * The symbol values of a text: start B, one value per character (its code − 32), the check symbol
 * ((start + Σ value × position) mod 103), stop.
 */
export function code128BSymbols(text: string): number[] {
  if (!isCode128B(text)) throw new Error('Code 128-B carries printable ASCII only');
  const data = [...text].map((ch) => ch.charCodeAt(0) - 32);
  const check = data.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103;
  return [START_B, ...data, check, STOP];
}

/** The bar and space widths (modules) of a text, bar first, without the quiet zones. */
export function code128BWidths(text: string): number[] {
  return code128BSymbols(text).flatMap((v) => [...PATTERNS[v]!].map(Number));
}

/** The bars as [x, width] in modules from the left edge, the quiet zone included. */
export function code128BBars(text: string): { bars: [number, number][]; modules: number } {
  const bars: [number, number][] = [];
  let x = QUIET_ZONE;
  code128BWidths(text).forEach((w, i) => {
    if (i % 2 === 0) bars.push([x, w]);
    x += w;
  });
  return { bars, modules: x + QUIET_ZONE };
}
