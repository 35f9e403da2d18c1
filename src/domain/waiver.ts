import { isValidIsraeliId } from './validation.ts';

/**
 * The liability waiver's rules (spec sections 2 and 5: "ticket must suit the jumper's age"), pure so
 * the shop shows a problem as the customer types and the box office refuses the same problem.
 */

export interface WaiverAdult {
  name: string;
  idNumber: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
}

export interface WaiverJumper {
  name: string;
  dateOfBirth: string;
  /** The ticket type this jumper jumps on: one jumper per ticket of the order. */
  ticketId: number;
}

export interface AgeBounds {
  minAge: number | null;
  maxAge: number | null;
}

export type WaiverProblem =
  | { code: 'waiver_adult_invalid'; field: 'name' | 'idNumber' | 'dateOfBirth' }
  | { code: 'waiver_adult_too_young'; minAge: number }
  | { code: 'waiver_jumper_invalid'; index: number; field: 'name' | 'dateOfBirth' }
  | { code: 'waiver_age_mismatch'; index: number; name: string; age: number; minAge: number; maxAge: number }
  | { code: 'waiver_jumpers_mismatch' }
  | { code: 'waiver_not_accepted' }
  | { code: 'waiver_not_signed' };

/** The oldest age a bound-less ticket still suits (for the message's "to" age). */
export const NO_MAX_AGE = 120;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(day: string): [number, number, number] | null {
  const m = DATE.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return [y, mo, d];
}

/**
 * Full years of someone born on `dateOfBirth` on the day `on` (both yyyy-MM-dd): a birthday counts
 * from its own day, and someone born on 29 February turns a year older on 1 March in other years.
 * Null when a date is not a calendar date, or the birth is after `on` or more than 120 years before.
 */
export function ageOn(dateOfBirth: string, on: string): number | null {
  const b = parseDay(dateOfBirth);
  const d = parseDay(on);
  if (!b || !d) return null;
  let age = d[0] - b[0];
  if (d[1] < b[1] || (d[1] === b[1] && d[2] < b[2])) age -= 1;
  if (age < 0 || age > NO_MAX_AGE) return null;
  return age;
}

/** Whether a ticket type suits a jumper of `age` (bounds inclusive; a missing bound does not limit). */
export function suitsAge(bounds: AgeBounds, age: number): boolean {
  return (bounds.minAge === null || age >= bounds.minAge) && (bounds.maxAge === null || age <= bounds.maxAge);
}

/** Whether the jumpers are exactly one per ticket: the same ticket types, as many of each. */
export function jumpersMatchTickets(jumpers: readonly { ticketId: number }[], ticketIds: readonly number[]) {
  if (jumpers.length !== ticketIds.length) return false;
  const left = new Map<number, number>();
  for (const id of ticketIds) left.set(id, (left.get(id) ?? 0) + 1);
  for (const j of jumpers) {
    const n = left.get(j.ticketId) ?? 0;
    if (n === 0) return false;
    left.set(j.ticketId, n - 1);
  }
  return true;
}

export interface WaiverForm {
  adult: WaiverAdult;
  jumpers: readonly WaiverJumper[];
  accepted: boolean;
  /** Whether a signature was drawn (the box office also checks the image is a PNG). */
  signed: boolean;
}

export interface WaiverContext {
  /** The show's business date (yyyy-MM-dd, Asia/Jerusalem): ages are counted on it. */
  showDate: string;
  /** The age from which a person signs for the children. */
  adultMinAge: number;
  /** The order's tickets for the presentation, one per seat. */
  ticketIds: readonly number[];
  /** Each ticket type's age bounds. */
  bounds: ReadonlyMap<number, AgeBounds>;
}

/** Every problem of a filled-in waiver, in the form's order (empty: it may be signed and paid). */
export function waiverProblems(form: WaiverForm, ctx: WaiverContext): WaiverProblem[] {
  const out: WaiverProblem[] = [];
  const { adult } = form;
  if (adult.name.trim().length < 2) out.push({ code: 'waiver_adult_invalid', field: 'name' });
  if (!isValidIsraeliId(adult.idNumber.trim())) out.push({ code: 'waiver_adult_invalid', field: 'idNumber' });
  const adultAge = ageOn(adult.dateOfBirth, ctx.showDate);
  if (adultAge === null) out.push({ code: 'waiver_adult_invalid', field: 'dateOfBirth' });
  else if (adultAge < ctx.adultMinAge) out.push({ code: 'waiver_adult_too_young', minAge: ctx.adultMinAge });

  if (!jumpersMatchTickets(form.jumpers, ctx.ticketIds)) out.push({ code: 'waiver_jumpers_mismatch' });
  form.jumpers.forEach((j, index) => {
    const name = j.name.trim();
    if (name.length < 2) out.push({ code: 'waiver_jumper_invalid', index, field: 'name' });
    const age = ageOn(j.dateOfBirth, ctx.showDate);
    if (age === null) {
      out.push({ code: 'waiver_jumper_invalid', index, field: 'dateOfBirth' });
      return;
    }
    const bounds = ctx.bounds.get(j.ticketId) ?? { minAge: null, maxAge: null };
    if (!suitsAge(bounds, age))
      out.push({
        code: 'waiver_age_mismatch',
        index,
        name,
        age,
        minAge: bounds.minAge ?? 0,
        maxAge: bounds.maxAge ?? NO_MAX_AGE,
      });
  });
  if (!form.accepted) out.push({ code: 'waiver_not_accepted' });
  if (!form.signed) out.push({ code: 'waiver_not_signed' });
  return out;
}

/**
 * The ticket for a jumper of `age` among those on offer (issue 35): of the tickets whose ages suit, the
 * narrowest range (a bound-less ticket is the fallback), the first offered on a tie; null when none suits.
 */
export function ticketForAge<T extends AgeBounds>(tickets: readonly T[], age: number): T | null {
  const span = (b: AgeBounds) => (b.maxAge ?? NO_MAX_AGE) - (b.minAge ?? 0);
  let best: T | null = null;
  for (const t of tickets) if (suitsAge(t, age) && (best === null || span(t) < span(best))) best = t;
  return best;
}
