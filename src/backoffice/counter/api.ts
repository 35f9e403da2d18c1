import { type Answer, apiCall } from '../../api/client.ts';
import type { CounterSaleAnswerSchema, CounterSaleBody } from '../../api/contract/counterSale.ts';

export type CounterSale = Answer<typeof CounterSaleAnswerSchema>;

/**
 * The counter's sale (issue 36): the admin API as the logged-in clerk. The seats are held by the shop's
 * own seat calls (src/api/endpoints.ts) with this browser's visitor uuid, which the client sends.
 */
export const counterApi = {
  /** One Idempotency-Key per sale: sent again (a lost answer), it answers the same sale, never a second. */
  sell: (body: CounterSaleBody, idempotencyKey: string) =>
    apiCall<CounterSale>('/admin/counter/sales', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
};
