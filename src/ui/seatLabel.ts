import type { TFunction } from 'i18next';
import { seatRangeText } from './seatRanges.ts';

/** "Stalls · Row 4 · Seat 9", or "Standing · general admission" where places are not numbered. */
export function seatLabel(
  t: TFunction,
  seat: { section: string; row: string; seat: string },
  isReserved: boolean,
): string {
  return isReserved
    ? t('seatmap.seatTitle', { section: seat.section, row: seat.row, seat: seat.seat })
    : `${seat.section} · ${t('edocument.generalAdmission')}`;
}

/**
 * A line of an order's seats: one seat as `seatLabel` says it, or a run "Stalls · Row 5 · Seats 3–6"
 * with the range isolated left to right (see seatRangeText), so it reads correctly in Hebrew too.
 */
export function seatRunLabel(
  t: TFunction,
  run: { section: string; row: string; from: string; to: string },
  isReserved: boolean,
): string {
  if (!isReserved || run.from === run.to)
    return seatLabel(t, { section: run.section, row: run.row, seat: run.from }, isReserved);
  return t('seatmap.seatRangeTitle', {
    section: run.section,
    row: run.row,
    range: seatRangeText(run.from, run.to),
  });
}
