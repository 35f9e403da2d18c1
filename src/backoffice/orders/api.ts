import { type Answer, apiCall } from '../../api/client.ts';
import type {
  OrderCustomerBody,
  OrderCustomerSchema,
  OrderResendBody,
  OrderSearchAnswerSchema,
  OrderViewSchema,
} from '../../api/contract/ordersAdmin.ts';
import type { StaffOrderMessageSchema } from '../../api/contract/staff.ts';

export type OrderView = Answer<typeof OrderViewSchema>;
export type OrderSearchAnswer = Answer<typeof OrderSearchAnswerSchema>;
export type OrderSearchRow = OrderSearchAnswer['orders'][number];

const rid = (value: string) => encodeURIComponent(value);

/** GET /admin/orders's query (OrderSearchQuerySchema) as the screens send it. */
export interface OrderSearchParams {
  q?: string;
  presentationId?: number;
  date?: string;
  limit?: number;
  before?: string;
}

/** The back office's calls for serving customers (issue 36): the box office and managers. */
export const ordersApi = {
  search: (query: OrderSearchParams, signal?: AbortSignal) =>
    apiCall<OrderSearchAnswer>('/admin/orders', { query: { ...query }, signal }),
  order: (reservationIdentifier: string, signal?: AbortSignal) =>
    apiCall<OrderView>(`/admin/orders/${rid(reservationIdentifier)}`, { signal }),
  /** Queues the confirmation again on one channel; answers the queued message. */
  resend: (reservationIdentifier: string, body: OrderResendBody) =>
    apiCall<Answer<typeof StaffOrderMessageSchema>>(`/admin/orders/${rid(reservationIdentifier)}/resend`, {
      method: 'POST',
      body,
    }),
  correctCustomer: (reservationIdentifier: string, body: OrderCustomerBody) =>
    apiCall<Answer<typeof OrderCustomerSchema>>(`/admin/orders/${rid(reservationIdentifier)}/customer`, {
      method: 'PATCH',
      body,
    }),
};
