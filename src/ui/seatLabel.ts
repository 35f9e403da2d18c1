import type { TFunction } from 'i18next';

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
