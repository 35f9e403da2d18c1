import { type Answer, apiCall, apiUrl } from '../../../api/client.ts';
import type { CounterPayment } from '../../../api/contract/counter.ts';
import type {
  CashUpSchema,
  CollectAnswerSchema,
  HoldsAnswerSchema,
  MyShiftAnswerSchema,
  ShiftCloseBody,
  ShiftsAnswerSchema,
  ShiftsQuery,
} from '../../../api/contract/counterShifts.ts';

const id = (value: string) => encodeURIComponent(value);

/**
 * The counter's calls for shifts and hold orders (issue 36, part 3): the admin API, as the logged-in
 * clerk. The cash-up's CSV is a link (`shiftCsvUrl`), downloaded by the browser with the staff cookie.
 */
export const shiftApi = {
  myShift: (signal?: AbortSignal) =>
    apiCall<Answer<typeof MyShiftAnswerSchema>>('/admin/counter/shift', { signal }),
  openShift: (openingFloat: number) =>
    apiCall<Answer<typeof CashUpSchema>>('/admin/counter/shift/open', {
      method: 'POST',
      body: { openingFloat },
    }),
  closeShift: (body: ShiftCloseBody) =>
    apiCall<Answer<typeof CashUpSchema>>('/admin/counter/shift/close', { method: 'POST', body }),
  shifts: (query: ShiftsQuery, signal?: AbortSignal) =>
    apiCall<Answer<typeof ShiftsAnswerSchema>>('/admin/counter/shifts', { query: { ...query }, signal }),
  shiftCsvUrl: (shiftId: string) => apiUrl(`/admin/counter/shifts/${id(shiftId)}.csv`),

  holds: (q: string, signal?: AbortSignal) =>
    apiCall<Answer<typeof HoldsAnswerSchema>>('/admin/counter/holds', {
      query: q.trim() ? { q: q.trim() } : {},
      signal,
    }),
  collectHold: (rid: string, payments: readonly CounterPayment[]) =>
    apiCall<Answer<typeof CollectAnswerSchema>>(`/admin/counter/holds/${id(rid)}/collect`, {
      method: 'POST',
      body: { payments },
    }),
};
