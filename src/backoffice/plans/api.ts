import { type Answer, apiCall, apiUrl } from '../../api/client.ts';
import type {
  AdminHallSchema,
  AdminVenueSchema,
  AdminVenuesAnswerSchema,
  HallCreate,
  PlanCheckAnswerSchema,
  PlanDiffSchema,
  PlanEditsAnswerSchema,
  PlanFile,
  PriceLevelsAnswerSchema,
  SeatplanDetailSchema,
  SeatplanVersionSchema,
  SeatplanVersionsAnswerSchema,
  VenueCreate,
  VenueUpdate,
  planFormats,
} from '../../api/contract/venuesAdmin.ts';
import type { PlanEditBody } from '../../api/contract/seatplanEdits.ts';

export type PlanFormat = (typeof planFormats)[number];
export type AdminVenue = Answer<typeof AdminVenueSchema>;
export type AdminHall = Answer<typeof AdminHallSchema>;
export type PlanVersion = Answer<typeof SeatplanVersionSchema>;
export type PlanCheck = Answer<typeof PlanCheckAnswerSchema>;
export type PlanDetail = Answer<typeof SeatplanDetailSchema>;
export type PlanDiff = Answer<typeof PlanDiffSchema>;
export type PlanProblemView = PlanCheck['problems'][number];
export type PlanFiguresView = PlanDetail['figures'];
export type ImportAnswer = PlanCheck & { version: PlanVersion };

/**
 * The back office's calls for venues, halls and seat plans (the admin API, issue 33): managers and admins.
 * A plan file goes up as text with its format; a version's export is a download link (`exportUrl`).
 */
export const plansApi = {
  /** The venue's price levels with their names (what a plan's seats are sold at). */
  priceLevels: (signal?: AbortSignal) =>
    apiCall<Answer<typeof PriceLevelsAnswerSchema>>('/admin/price-levels', { signal }),
  venues: (signal?: AbortSignal) =>
    apiCall<Answer<typeof AdminVenuesAnswerSchema>>('/admin/venues', { signal }),
  createVenue: (body: VenueCreate) => apiCall<AdminVenue>('/admin/venues', { method: 'POST', body }),
  updateVenue: (venueId: number, body: VenueUpdate) =>
    apiCall<AdminVenue>(`/admin/venues/${venueId}`, { method: 'PATCH', body }),
  createHall: (venueId: number, body: HallCreate) =>
    apiCall<AdminHall>(`/admin/venues/${venueId}/halls`, { method: 'POST', body }),
  renameHall: (hallId: number, body: HallCreate) =>
    apiCall<AdminHall>(`/admin/halls/${hallId}`, { method: 'PATCH', body }),

  /** A dry run: what the file would become, its problems and figures; nothing is saved. */
  checkPlan: (hallId: number, body: PlanFile, signal?: AbortSignal) =>
    apiCall<PlanCheck>(`/admin/halls/${hallId}/seatplans/check`, { method: 'POST', body, signal }),
  /** Keeps the file as a new draft (422 seatplan_invalid when it cannot become a plan). */
  importPlan: (hallId: number, body: PlanFile) =>
    apiCall<ImportAnswer>(`/admin/halls/${hallId}/seatplans`, { method: 'POST', body }),
  versions: (hallId: number, signal?: AbortSignal) =>
    apiCall<Answer<typeof SeatplanVersionsAnswerSchema>>(`/admin/halls/${hallId}/seatplans`, { signal }),

  seatplan: (seatplanId: number, signal?: AbortSignal) =>
    apiCall<PlanDetail>(`/admin/seatplans/${seatplanId}`, { signal }),
  /** Edits a draft; answers it with its problems and figures again. */
  editPlan: (seatplanId: number, edits: PlanEditBody[]) =>
    apiCall<Answer<typeof PlanEditsAnswerSchema>>(`/admin/seatplans/${seatplanId}`, {
      method: 'PATCH',
      body: { edits },
    }),
  deleteDraft: (seatplanId: number) => apiCall<null>(`/admin/seatplans/${seatplanId}`, { method: 'DELETE' }),
  /** A new draft with the seats of this version. */
  copyToDraft: (seatplanId: number) =>
    apiCall<PlanVersion>(`/admin/seatplans/${seatplanId}/copy`, { method: 'POST' }),
  /** 409 seatplan_has_errors while an error remains. */
  publish: (seatplanId: number) =>
    apiCall<PlanVersion>(`/admin/seatplans/${seatplanId}/publish`, { method: 'POST' }),
  /** Against the hall's newest published version unless `against` names another. */
  diff: (seatplanId: number, against?: number, signal?: AbortSignal) =>
    apiCall<PlanDiff>(`/admin/seatplans/${seatplanId}/diff`, {
      query: against === undefined ? {} : { against },
      signal,
    }),

  /** The address of a version as a file (a link with `download`: the box office names the file). */
  exportUrl: (seatplanId: number, format: PlanFormat) =>
    apiUrl(`/admin/seatplans/${seatplanId}/export`, { format }),
};
