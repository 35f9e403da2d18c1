import { type Answer, apiCall } from '../../api/client.ts';
import type {
  AdminPriceListSchema,
  AdminPriceListsAnswerSchema,
  AdminTicketTypeSchema,
  AdminProductSchema,
  AdminProductsAnswerSchema,
  ProductCreate,
  ProductUpdate,
  PriceListCreate,
  TicketTypeCreate,
  TicketTypeUpdate,
} from '../../api/contract/pricesAdmin.ts';

export type PriceList = Answer<typeof AdminPriceListSchema>;
export type TicketType = Answer<typeof AdminTicketTypeSchema>;
export type Product = Answer<typeof AdminProductSchema>;

/** The back office's calls for prices (the admin API, issue 34): managers and admins. */
export const pricesApi = {
  lists: (signal?: AbortSignal) =>
    apiCall<Answer<typeof AdminPriceListsAnswerSchema>>('/admin/price-lists', { signal }),
  createList: (body: PriceListCreate) => apiCall<PriceList>('/admin/price-lists', { method: 'POST', body }),
  addTicketType: (listId: number, body: TicketTypeCreate) =>
    apiCall<TicketType>(`/admin/price-lists/${listId}/ticket-types`, { method: 'POST', body }),
  updateTicketType: (id: number, body: TicketTypeUpdate) =>
    apiCall<TicketType>(`/admin/ticket-types/${id}`, { method: 'PATCH', body }),
  products: (signal?: AbortSignal) =>
    apiCall<Answer<typeof AdminProductsAnswerSchema>>('/admin/products', { signal }),
  createProduct: (body: ProductCreate) => apiCall<Product>('/admin/products', { method: 'POST', body }),
  updateProduct: (id: number, body: ProductUpdate) =>
    apiCall<Product>(`/admin/products/${id}`, { method: 'PATCH', body }),
};
