import { detectDelimiter, readCsv, stripBom } from './csv.ts';
import { isScheduleTime } from './schedule.ts';

/**
 * A schedule as distributors and venues keep it in a spreadsheet (issue 34): one show a line, with a
 * header naming the columns `feature, hall, date, time` and, optionally, `price_levels`. A feature and
 * a hall are named by id or by name in any language; a date is the business date (YYYY-MM-DD), a time
 * HH:MM (before 05:00: the night after); price levels by id or name, separated by `|`. Pure.
 */

export interface ScheduleLine {
  line: number;
  feature: string;
  hall: string;
  date: string;
  time: string;
  priceLevels: string[];
}

export interface BadLine {
  line: number;
  reason: 'date' | 'time' | 'feature' | 'hall';
}

export type ScheduleCsv =
  { ok: true; lines: ScheduleLine[]; bad: BadLine[] } | { ok: false; line: number; reason: string };

const COLUMNS = ['feature', 'hall', 'date', 'time'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const d = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

export function readScheduleCsv(input: string, maxLines: number): ScheduleCsv {
  const text = stripBom(input);
  const read = readCsv(text, detectDelimiter(text));
  if (!read.ok) return read;
  const [header, ...records] = read.records;
  if (!header) return { ok: false, line: 1, reason: 'the file is empty' };
  const names = header.fields.map((f) =>
    f
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const missing = COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0)
    return { ok: false, line: header.line, reason: `missing columns: ${missing.join(', ')}` };
  if (records.length > maxLines)
    return { ok: false, line: records[maxLines]!.line, reason: `more than ${maxLines} lines` };
  const at = (fields: string[], column: string) => (fields[names.indexOf(column)] ?? '').trim();
  const lines: ScheduleLine[] = [];
  const bad: BadLine[] = [];
  for (const { line, fields } of records) {
    const entry = {
      line,
      feature: at(fields, 'feature'),
      hall: at(fields, 'hall'),
      date: at(fields, 'date'),
      time: at(fields, 'time').replace(/^(\d):/, '0$1:'),
      priceLevels: names.includes('price_levels')
        ? at(fields, 'price_levels')
            .split('|')
            .map((p) => p.trim())
            .filter(Boolean)
        : [],
    };
    if (entry.feature === '') bad.push({ line, reason: 'feature' });
    else if (entry.hall === '') bad.push({ line, reason: 'hall' });
    else if (!validDate(entry.date)) bad.push({ line, reason: 'date' });
    else if (!isScheduleTime(entry.time)) bad.push({ line, reason: 'time' });
    else lines.push(entry);
  }
  return { ok: true, lines, bad };
}
