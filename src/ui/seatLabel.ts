import type { TFunction } from 'i18next';
import type { Translate } from '../domain/boardText.ts';
import { runText, seatText } from '../domain/seatPlace.ts';

/** i18next's `t` as src/domain/seatPlace.ts takes it. */
const translate =
  (t: TFunction): Translate =>
  (key, params) =>
    t(key, params ?? {});

/** "Stalls, row 4, seat 9", or "Standing, general admission" where places are not numbered. */
export function seatLabel(
  t: TFunction,
  seat: { section: string; row: string; seat: string },
  isReserved: boolean,
): string {
  return seatText(translate(t), seat, isReserved);
}

/**
 * A line of an order's seats: one seat as `seatLabel` says it, or a run "Stalls, row 5, seats 3–6" with
 * the range isolated left to right (see seatRangeText), so it reads correctly in Hebrew too.
 */
export function seatRunLabel(
  t: TFunction,
  run: { section: string; row: string; from: string; to: string },
  isReserved: boolean,
): string {
  return runText(translate(t), run, isReserved);
}
