import { apiCall } from './client.ts';
import {
  PresentationSchema,
  PresentationsAnswerSchema,
  SessionAnswerSchema,
  SettingsAnswerSchema,
  TicketGroupsAnswerSchema,
} from './contract/index.ts';

/** Typed calls of the shop, one per API route it uses. */
export const api = {
  session: () => apiCall('/session', SessionAnswerSchema),
  settings: () => apiCall('/settings', SettingsAnswerSchema),
  presentations: (date?: string, signal?: AbortSignal) =>
    apiCall('/seats/presentations', PresentationsAnswerSchema, {
      query: { date },
      ...(signal ? { signal } : {}),
    }),
  presentation: (id: number, signal?: AbortSignal) =>
    apiCall(`/presentations/${id}`, PresentationSchema, signal ? { signal } : {}),
  ticketGroups: (id: number, signal?: AbortSignal) =>
    apiCall(`/presentations/${id}/ticketGroups`, TicketGroupsAnswerSchema, {
      query: { cb: Date.now() },
      ...(signal ? { signal } : {}),
    }),
};
