/**
 * A voucher turned into a replacement voucher (spec sections 4 and 9: "marked IsForReplacement with new
 * dates"), issue 35: the venue's rule gives it `days` from now to be exchanged, but a replacement never
 * shortens what the customer bought. A gift card valid until 27.11.2027 stays valid until then; one
 * that would lapse sooner gets the full `days`. Its purchase date is its purchase date and stays.
 * Pure: the box office applies it, the personal area's dialog shows the same dates before the customer
 * confirms.
 */

const DAY = 86_400_000;

export interface ReplacementDates {
  /** The replacement's exchange window opens now. */
  startDate: number;
  /** The later of the voucher's own end and `days` from now. */
  endDate: number;
  /** The venue's rule alone would have ended it sooner than it was valid: its own end is kept. */
  keptOwnEnd: boolean;
}

export function replacementDates(endDate: number, now: number, days: number): ReplacementDates {
  const byRule = now + days * DAY;
  return { startDate: now, endDate: Math.max(endDate, byRule), keptOwnEnd: endDate > byRule };
}
