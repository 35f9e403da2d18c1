/**
 * CSV as spreadsheets read it (RFC 4180): a UTF-8 byte order mark first (so Excel reads Hebrew right),
 * CRLF line ends, and a field quoted when it holds a comma, a quote, a line break or leading/trailing
 * spaces, its quotes doubled. Text that starts with = + @ or a - not before a digit gets a leading '
 * (no formula injection); amounts like -0.50 stay numbers.
 */
export const BOM = '\uFEFF';

export type CsvCell = string | number;

export function csvField(value: CsvCell): string {
  let s = String(value);
  if (typeof value === 'string' && /^(?:[=+@\t\r]|-(?!\d))/.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const line = (cells: readonly CsvCell[]) => cells.map(csvField).join(',');
  return BOM + [line(header), ...rows.map(line)].join('\r\n') + '\r\n';
}

/** Agorot → shekels with two decimals ('1234.05', '-0.50'), by integer arithmetic only. */
export function shekels(agorot: number): string {
  if (!Number.isSafeInteger(agorot)) throw new RangeError(`not an amount in agorot: ${agorot}`);
  const sign = agorot < 0 ? '-' : '';
  const abs = Math.abs(agorot);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
