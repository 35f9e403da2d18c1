import { TZDate } from '@date-fns/tz';
import { venueTimeZone } from '../../i18n/format.ts';

/**
 * A token's last day, picked as YYYY-MM-DD → the last second of that day in the venue's time zone, as an
 * instant: a token "until 30 June" works through the venue's 30 June, wherever the admin's browser is.
 */
export function endOfVenueDay(isoDate: string, timeZone: string = venueTimeZone()): string {
  const [y = NaN, m = NaN, d = NaN] = isoDate.split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d, 23, 59, 59, timeZone).getTime()).toISOString();
}
