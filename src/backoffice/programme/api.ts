import type { AdminSaleOptions } from '../../api/contract/saleOptionsAdmin.ts';
import type { PriceList } from '../prices/api.ts';
import { type Answer, apiCall } from '../../api/client.ts';
import type {
  AdminFeaturesAnswerSchema,
  AdminFeatureSchema,
  AdminPresentationsAnswerSchema,
  FeatureCreate,
  FeatureUpdate,
  ScheduleBody,
  ScheduleCreatedSchema,
  ScheduleImportAnswerSchema,
  ScheduleImportBody,
  SchedulePreviewSchema,
  AdminPresentationSchema,
  CallOffProgressSchema,
  PresentationUpdate,
} from '../../api/contract/programmeAdmin.ts';

export type Feature = Answer<typeof AdminFeatureSchema>;
export type SchedulePreview = Answer<typeof SchedulePreviewSchema>;
export type ScheduleImportAnswer = Answer<typeof ScheduleImportAnswerSchema>;
export type AdminPresentation = Answer<typeof AdminPresentationsAnswerSchema>['presentations'][number];
export type CallOffProgress = Answer<typeof CallOffProgressSchema>;

/** The back office's calls for the programme (the admin API, issue 34): managers and admins. */
export const programmeApi = {
  features: (signal?: AbortSignal) =>
    apiCall<Answer<typeof AdminFeaturesAnswerSchema>>('/admin/features', { signal }),
  createFeature: (body: FeatureCreate) => apiCall<Feature>('/admin/features', { method: 'POST', body }),
  updateFeature: (id: number, body: FeatureUpdate) =>
    apiCall<Feature>(`/admin/features/${id}`, { method: 'PATCH', body }),
  presentations: (query: { from?: string; to?: string; hallId?: number }, signal?: AbortSignal) =>
    apiCall<Answer<typeof AdminPresentationsAnswerSchema>>('/admin/presentations', {
      signal,
      query,
    }),
  /** What a schedule would create, each show with what it runs into; nothing is saved. */
  previewSchedule: (body: ScheduleBody) =>
    apiCall<SchedulePreview>('/admin/schedules/preview', { method: 'POST', body }),
  /** Creates every show of the schedule, or none (409 schedule_clash). */
  createSchedule: (body: ScheduleBody) =>
    apiCall<Answer<typeof ScheduleCreatedSchema>>('/admin/schedules', { method: 'POST', body }),
  /** A schedule from a CSV file, line by line; with dryRun nothing is saved. */
  importSchedule: (body: ScheduleImportBody) =>
    apiCall<ScheduleImportAnswer>('/admin/schedules/import', { method: 'POST', body }),
  /** Uploads a feature's poster (the file's bytes in base64). */
  uploadPoster: (id: number, image: string) =>
    apiCall<Feature>(`/admin/features/${id}/poster`, { method: 'PUT', body: { image } }),
  removePoster: (id: number) =>
    apiCall<Feature>(`/admin/features/${id}/poster`, { method: 'DELETE', body: {} }),
  /** Changes or moves a presentation (a move tells its buyers). */
  saleOptions: (signal?: AbortSignal) => apiCall<AdminSaleOptions>('/admin/sale-options', { signal }),
  ownPrices: (id: number) =>
    apiCall<PriceList>(`/admin/presentations/${id}/own-prices`, { method: 'POST', body: {} }),
  updatePresentation: (id: number, body: PresentationUpdate) =>
    apiCall<Answer<typeof AdminPresentationSchema>>(`/admin/presentations/${id}`, { method: 'PATCH', body }),
  /** Calls a presentation off: sales stop, its orders are cancelled and refunded by a job. */
  callOff: (id: number) =>
    apiCall<CallOffProgress>(`/admin/presentations/${id}/call-off`, { method: 'POST', body: {} }),
  callOffProgress: (id: number, signal?: AbortSignal) =>
    apiCall<CallOffProgress>(`/admin/presentations/${id}/call-off`, { signal }),
};
