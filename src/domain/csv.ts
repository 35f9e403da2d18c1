/**
 * CSV as RFC 4180 writes it: fields separated by a delimiter, records by CRLF (LF is read too), fields
 * that hold the delimiter, a quote or a line break enclosed in double quotes, quotes doubled inside them.
 * A leading UTF-8 byte order mark is dropped.
 */

export interface CsvRecord {
  /** The 1-based line the record starts on (a quoted field may span lines). */
  line: number;
  fields: string[];
}

export type CsvReadResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; reason: string };

const QUOTE = 34; // "
const CR = 13;
const LF = 10;

/** The delimiter of a file from its first line: `;` when it has more semicolons than commas, else `,`. */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === '\n' || c === '\r') break;
    else if (c === ',') commas++;
    else if (c === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Reads every record of a CSV text. Blank lines are skipped. Fails on a quote inside an unquoted field,
 * text after a closing quote, or a quoted field that never closes.
 */
export function readCsv(input: string, delimiter: ',' | ';'): CsvReadResult {
  const records: CsvRecord[] = [];
  const scan = scanCsv(input, delimiter, (fields, line) => {
    records.push({ line, fields: fields.slice() });
  });
  return scan.ok ? { ok: true, records } : scan;
}

export type CsvScanResult = { ok: true } | { ok: false; line: number; reason: string };

/**
 * Calls `onRecord` for each record of a CSV text as it is read (see {@link readCsv}), without keeping
 * them: `fields` is one array reused for every record, valid during the call only. `onRecord` answers
 * `false` to stop reading.
 */
export function scanCsv(
  input: string,
  delimiter: ',' | ';',
  onRecord: (fields: string[], line: number) => boolean | void,
): CsvScanResult {
  const text = stripBom(input);
  const delim = delimiter.charCodeAt(0);
  const fields: string[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    fields.length = 0;
    let atRecordEnd = false;
    while (!atRecordEnd) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        // A quoted field: up to the closing quote, "" standing for one quote.
        let out = '';
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q < 0) return { ok: false, line: start, reason: 'unclosed_quote' };
          out += text.slice(from, q);
          if (text.charCodeAt(q + 1) === QUOTE) {
            out += '"';
            from = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        for (let k = out.indexOf('\n'); k >= 0; k = out.indexOf('\n', k + 1)) line++;
        value = out;
        const c = text.charCodeAt(i);
        if (i < n && c !== delim && c !== CR && c !== LF) {
          return { ok: false, line, reason: 'text_after_quote' };
        }
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === delim || c === CR || c === LF) break;
          if (c === QUOTE) return { ok: false, line, reason: 'quote_in_field' };
          j++;
        }
        value = text.slice(i, j);
        i = j;
      }
      fields.push(value);
      if (i >= n) {
        atRecordEnd = true;
      } else if (text.charCodeAt(i) === delim) {
        i++;
        // A delimiter at the very end still closes an (empty) last field.
        if (i >= n) {
          fields.push('');
          atRecordEnd = true;
        }
      } else {
        if (text.charCodeAt(i) === CR) i++;
        if (text.charCodeAt(i) === LF) i++;
        line++;
        atRecordEnd = true;
      }
    }
    if (!(fields.length === 1 && fields[0] === '') && onRecord(fields, start) === false) break;
  }
  return { ok: true };
}

const needsQuotes = (field: string, delimiter: string): boolean =>
  field.includes(delimiter) ||
  field.includes('"') ||
  field.includes('\n') ||
  field.includes('\r') ||
  // Quoted so that a reader that trims (or this one, for names) keeps the spaces.
  field !== field.trim();

export function csvField(field: string, delimiter: ',' | ';' = ','): string {
  return needsQuotes(field, delimiter) ? `"${field.replaceAll('"', '""')}"` : field;
}

/** A CSV text: every record ended by CRLF. */
export function writeCsv(rows: readonly (readonly string[])[], delimiter: ',' | ';' = ','): string {
  let out = '';
  for (const row of rows) out += row.map((f) => csvField(f, delimiter)).join(delimiter) + '\r\n';
  return out;
}
