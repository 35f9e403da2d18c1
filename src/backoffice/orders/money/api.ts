import { type Answer, apiCall } from '../../../api/client.ts';
import type {
  ExchangeAnswerSchema,
  ExchangeQuoteSchema,
  ExchangeRequest,
  ExchangeSelection,
  RefundAnswerSchema,
  RefundQuoteSchema,
  RefundRequest,
  RefundSelection,
} from '../../../api/contract/orderChanges.ts';

export type RefundQuote = Answer<typeof RefundQuoteSchema>;
export type RefundAnswer = Answer<typeof RefundAnswerSchema>;
export type ExchangeQuote = Answer<typeof ExchangeQuoteSchema>;
export type ExchangeAnswer = Answer<typeof ExchangeAnswerSchema>;

const order = (rid: string) => `/admin/orders/${encodeURIComponent(rid)}`;

/**
 * Staff refunds and exchanges of an order (issue 36). The quotes change nothing; an exchange's new seats
 * are held by this browser's visitor uuid (the shop's seat calls), which the client sends.
 */
export const moneyApi = {
  refundQuote: (rid: string, body: Partial<RefundSelection>, signal?: AbortSignal) =>
    apiCall<RefundQuote>(`${order(rid)}/refund-quote`, { method: 'POST', body, signal }),
  refund: (rid: string, body: Partial<RefundRequest> & { reason: string }) =>
    apiCall<RefundAnswer>(`${order(rid)}/refunds`, { method: 'POST', body }),
  exchangeQuote: (rid: string, body: ExchangeSelection, signal?: AbortSignal) =>
    apiCall<ExchangeQuote>(`${order(rid)}/exchange-quote`, { method: 'POST', body, signal }),
  exchange: (rid: string, body: ExchangeRequest) =>
    apiCall<ExchangeAnswer>(`${order(rid)}/exchanges`, { method: 'POST', body }),
};
