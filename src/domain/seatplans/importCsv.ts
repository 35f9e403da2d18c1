/**
 * Seat plans from a spreadsheet: one seat per line, world coordinates, price levels by name or id.
 *
 * Columns (any order, names case-insensitive): section, row, seat, x, y, price_level (required);
 * wheelchair, companion, limited_view, premium (booleans), sofa (an id shared by the seats sold together),
 * allocation (online/house or 1/2), section_he … section_pl (the section's name per locale).
 */
import { type Locale, supportedLocales } from '../../api/contract/constants.ts';
import { ALLOCATION_HOUSE, ALLOCATION_ONLINE } from './allocations.ts';
import { type DraftPlan, type DraftSeat, type DraftSection } from './assemble.ts';
import { detectDelimiter, scanCsv, stripBom } from '../csv.ts';
import type { ImportContext } from './importContext.ts';
import { PriceLevelMatcher } from './priceLevels.ts';
import { MAX_PLAN_SEATS, type PlanProblem, problem } from './problems.ts';

export const CSV_REQUIRED_COLUMNS = ['section', 'row', 'seat', 'x', 'y', 'price_level'] as const;
export const CSV_FLAG_COLUMNS = ['wheelchair', 'companion', 'limited_view', 'premium'] as const;
export const CSV_OPTIONAL_COLUMNS = [
  ...CSV_FLAG_COLUMNS,
  'sofa',
  'allocation',
  ...supportedLocales.map((l) => `section_${l}` as const),
] as const;
type Column = (typeof CSV_REQUIRED_COLUMNS)[number] | (typeof CSV_OPTIONAL_COLUMNS)[number];

/** Invalid cells reported before the importer gives up on a file (it is broken all over). */
const MAX_REPORTED = 100;

const TRUE_TEXTS = new Set(['1', 'yes', 'true', 'x', 'y']);
const FALSE_TEXTS = new Set(['', '0', 'no', 'false', 'n']);
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export interface CsvDraft {
  draft: DraftPlan | null;
  problems: PlanProblem[];
}

/** Where each column is in the file (-1: not there). */
type Columns = Record<
  | 'section'
  | 'row'
  | 'seat'
  | 'x'
  | 'y'
  | 'priceLevel'
  | 'wheelchair'
  | 'companion'
  | 'limitedView'
  | 'premium'
  | 'sofa'
  | 'allocation',
  number
>;

/**
 * Reads a CSV seat plan into a draft (see assemble.ts), line by line as the text is scanned. Structural
 * problems leave `draft` null; unknown price levels are reported here (the seat keeps tg 0).
 */
export function readCsvPlan(input: string, ctx: ImportContext): CsvDraft {
  const text = stripBom(input);
  if (text.includes('\u0000')) return unreadable('binary');
  if (text.trim() === '') return unreadable('empty');
  const delimiter = detectDelimiter(text);
  const problems: PlanProblem[] = [];
  let structural = 0;
  const report = (p: PlanProblem) => {
    if (p.severity === 'error' && p.code !== 'unknown_price_level' && ++structural > MAX_REPORTED) return;
    problems.push(p);
  };
  let seats: SeatLines | undefined;
  let count = 0;
  let missing = false;
  const scan = scanCsv(text, delimiter, (fields, line) => {
    if (!seats) {
      const index = new Map<string, number>();
      fields.forEach((name, i) => {
        const key = name.trim().toLowerCase();
        if (!index.has(key)) index.set(key, i);
      });
      for (const column of CSV_REQUIRED_COLUMNS) {
        if (index.has(column)) continue;
        missing = true;
        problems.push(problem('csv_column_missing', { line, params: { column } }));
      }
      if (missing) return false;
      // With `;` between fields, a decimal comma is as likely as a decimal point (a European spreadsheet).
      seats = new SeatLines(index, ctx, delimiter === ';', report);
      return;
    }
    // Past the limit the file is only counted, to say how many seats it has.
    if (++count <= MAX_PLAN_SEATS) seats.read(fields, line);
  });
  if (!scan.ok) {
    return {
      draft: null,
      problems: [problem('file_unreadable', { line: scan.line, params: { reason: scan.reason } })],
    };
  }
  if (missing || !seats) return { draft: null, problems };
  if (count === 0) return { draft: null, problems: [problem('no_seats')] };
  if (count > MAX_PLAN_SEATS) {
    return { draft: null, problems: [problem('too_many_seats', { params: { max: MAX_PLAN_SEATS, count } })] };
  }
  if (problems.some((p) => p.severity === 'error' && p.code !== 'unknown_price_level')) {
    return { draft: null, problems };
  }
  const base = ctx.base;
  return {
    // A CSV file has no name, size or stage: the base plan's are kept (ctx.name and none without one).
    draft: {
      name: ctx.name,
      width: base?.width ?? 0,
      height: base?.height ?? 0,
      stage: base?.stage,
      sections: seats.sections(),
    },
    problems,
  };
}

/** Turns the lines of a CSV file into draft sections and seats. */
class SeatLines {
  readonly #cols: Columns;
  readonly #localeColumns: (readonly [Locale, number])[];
  readonly #matcher: PriceLevelMatcher;
  readonly #decimalComma: boolean;
  readonly #report: (p: PlanProblem) => void;
  readonly #sections = new Map<string, DraftSection>();

  constructor(
    index: Map<string, number>,
    ctx: ImportContext,
    decimalComma: boolean,
    report: (p: PlanProblem) => void,
  ) {
    const at = (c: Column): number => index.get(c) ?? -1;
    this.#cols = {
      section: at('section'),
      row: at('row'),
      seat: at('seat'),
      x: at('x'),
      y: at('y'),
      priceLevel: at('price_level'),
      wheelchair: at('wheelchair'),
      companion: at('companion'),
      limitedView: at('limited_view'),
      premium: at('premium'),
      sofa: at('sofa'),
      allocation: at('allocation'),
    };
    this.#localeColumns = supportedLocales
      .map((l) => [l, at(`section_${l}`)] as const)
      .filter(([, i]) => i >= 0);
    this.#matcher = new PriceLevelMatcher(ctx.priceLevels);
    this.#decimalComma = decimalComma;
    this.#report = report;
  }

  sections(): DraftSection[] {
    return [...this.#sections.values()];
  }

  read(fields: readonly string[], line: number): void {
    const cols = this.#cols;
    const report = this.#report;
    const invalid = (column: Column, detail: string, i: number) =>
      report(problem('format_invalid', { line, params: { column, detail, value: cell(fields, i) } }));
    const sectionName = cell(fields, cols.section);
    const row = cell(fields, cols.row);
    const name = cell(fields, cols.seat);
    if (sectionName === '') return invalid('section', 'empty', cols.section);
    const x = readNumber(cell(fields, cols.x), this.#decimalComma);
    const y = readNumber(cell(fields, cols.y), this.#decimalComma);
    if (x === undefined || y === undefined) {
      const params = { x: cell(fields, cols.x), y: cell(fields, cols.y) };
      return report(
        problem('seat_without_position', { line, seat: { section: sectionName, row, seat: name }, params }),
      );
    }
    const handicap = readBoolean(cell(fields, cols.wheelchair));
    const companion = readBoolean(cell(fields, cols.companion));
    const limitedView = readBoolean(cell(fields, cols.limitedView));
    const premium = readBoolean(cell(fields, cols.premium));
    const ai = readAllocation(cell(fields, cols.allocation));
    if (handicap === undefined) invalid('wheelchair', 'not_a_boolean', cols.wheelchair);
    if (companion === undefined) invalid('companion', 'not_a_boolean', cols.companion);
    if (limitedView === undefined) invalid('limited_view', 'not_a_boolean', cols.limitedView);
    if (premium === undefined) invalid('premium', 'not_a_boolean', cols.premium);
    if (ai === undefined) invalid('allocation', 'not_an_allocation', cols.allocation);
    if (handicap === undefined || companion === undefined || limitedView === undefined) return;
    if (premium === undefined || ai === undefined) return;

    const priceText = cell(fields, cols.priceLevel);
    let tg = this.#matcher.match(priceText);
    if (tg === undefined) {
      tg = 0;
      const seat = { section: sectionName, row, seat: name };
      report(problem('unknown_price_level', { line, seat, params: { priceLevel: priceText } }));
    }

    let section = this.#sections.get(sectionName);
    if (!section) {
      const names = this.#localeColumns.length > 0 ? {} : undefined;
      section = { name: sectionName, names, tx: 0, ty: 0, seats: [] };
      this.#sections.set(sectionName, section);
    }
    // The first non-empty name per locale counts (a name repeated on every line is the usual layout).
    const names = section.names;
    for (const [locale, i] of this.#localeColumns) {
      if (names && names[locale] === undefined) {
        const localName = cell(fields, i);
        if (localName !== '') names[locale] = localName;
      }
    }
    const seat: DraftSeat = { row, name, x, y, tg, ai, line };
    if (handicap) seat.handicap = true;
    if (companion) seat.companion = true;
    if (limitedView) seat.limitedView = true;
    if (premium) seat.premium = true;
    const sofa = cell(fields, cols.sofa);
    if (sofa !== '') seat.sofa = sofa;
    section.seats.push(seat);
  }
}

/** The trimmed text of field `i` (-1: a column the file does not have). */
function cell(fields: readonly string[], i: number): string {
  return i < 0 ? '' : (fields[i] ?? '').trim();
}

function unreadable(reason: string): CsvDraft {
  return { draft: null, problems: [problem('file_unreadable', { params: { reason } })] };
}

function readNumber(text: string, decimalComma: boolean): number | undefined {
  const t = decimalComma ? text.replace(',', '.') : text;
  if (!NUMBER.test(t)) return undefined;
  const v = Number(t);
  return Number.isFinite(v) ? v : undefined;
}

function readBoolean(text: string): boolean | undefined {
  const t = text.toLowerCase();
  if (TRUE_TEXTS.has(t)) return true;
  if (FALSE_TEXTS.has(t)) return false;
  return undefined;
}

function readAllocation(text: string): number | undefined {
  const t = text.toLowerCase();
  if (t === '' || t === 'online') return ALLOCATION_ONLINE;
  if (t === 'house') return ALLOCATION_HOUSE;
  return /^[1-9]\d{0,8}$/.test(t) ? Number(t) : undefined;
}
