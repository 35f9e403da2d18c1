import { type Answer, apiCall } from '../../api/client.ts';
import type {
  DoorCountsSchema,
  DoorDownloadSchema,
  DoorPresentationSchema,
  DoorPresentationsAnswerSchema,
  DoorSearchAnswerSchema,
  ScansAnswerSchema,
  ScansBody,
} from '../../api/contract/door.ts';

const list = (ids: readonly number[]) => ids.join(',');

/** The door's calls (issue 37): the admin API's /door routes. */
export const doorApi = {
  presentations: (date?: string) =>
    apiCall<Answer<typeof DoorPresentationsAnswerSchema>>('/admin/door/presentations', {
      query: date ? { date } : {},
    }),
  setReentry: (presentationId: number, reentry: boolean) =>
    apiCall<Answer<typeof DoorPresentationSchema>>(`/admin/door/presentations/${presentationId}`, {
      method: 'PATCH',
      body: { reentry },
    }),
  scans: (body: ScansBody, signal?: AbortSignal) =>
    apiCall<Answer<typeof ScansAnswerSchema>>('/admin/door/scans', { method: 'POST', body, signal }),
  download: (presentationIds: readonly number[], signal?: AbortSignal) =>
    apiCall<Answer<typeof DoorDownloadSchema>>('/admin/door/download', {
      query: { presentationIds: list(presentationIds) },
      signal,
    }),
  counts: (presentationIds: readonly number[], signal?: AbortSignal) =>
    apiCall<Answer<typeof DoorCountsSchema>>('/admin/door/counts', {
      query: { presentationIds: list(presentationIds) },
      signal,
    }),
  search: (presentationIds: readonly number[], q: string, signal?: AbortSignal) =>
    apiCall<Answer<typeof DoorSearchAnswerSchema>>('/admin/door/search', {
      query: { presentationIds: list(presentationIds), q },
      signal,
    }),
};
