import { captchaField } from './captcha.ts';
import type { QueueStatus } from './contract/waitingRoom.ts';
import { queueAware } from './queueRequired.ts';
import { type Answer, apiCall, apiUrl } from './client.ts';
import type { ReportAnswerSchema, ReportKind, ReportQueryInput } from './contract/reports.ts';
import type { StaffVenueSchema, StaffVenuesAnswerSchema } from './contract/staffVenues.ts';
import type {
  CancelPaymentAnswerSchema,
  CartAnswerSchema,
  StoredCartAnswerSchema,
  CartBody,
  CheckoutAnswerSchema,
  CommitBody,
  ExtendLockAnswerSchema,
  LockSeatAnswerSchema,
  LockSeat,
  OrderDocumentSchema,
  PresentationSchema,
  PresentationsAnswerSchema,
  SeatplanSchema,
  SeatsStatusAnswerSchema,
  SessionAnswerSchema,
  SettingsAnswerSchema,
  TicketGroupsAnswerSchema,
  UnlockSeatAnswerSchema,
  VoucherBalanceSchema,
} from './contract/index.ts';
import type {
  CancelAnswerSchema,
  CancellationQuoteSchema,
  CustomerDetailsBody,
  CustomerInfoAnswerSchema,
  EmailLoginBody,
  MagCardsAnswerSchema,
  MailOutboxAnswerSchema,
  LocationsAnswerSchema,
  MobileLoginBody,
  MobileValidationBody,
  RefreshAnswerSchema,
  ReservationsAnswerSchema,
  SmsOutboxAnswerSchema,
  SuccessAnswerSchema,
  SystemVoucherSchema,
  VideosAnswerSchema,
  VoucherCancelAnswerSchema,
  VouchersAnswerSchema,
} from './contract/customer.ts';
import type { DonationsAnswerSchema } from './contract/donations.ts';
import type { MenuAnswerSchema } from './contract/session.ts';
import type {
  NoContentSchema,
  StaffLoginBody,
  StaffMeSchema,
  StaffMessagesAnswerSchema,
  orderMessageStatuses,
} from './contract/staff.ts';
import type { SignedWaiverSchema, StaffWaiversAnswerSchema, WaiverTextSchema } from './contract/waiver.ts';
import type {
  VodHeartbeatAnswerSchema,
  VodPlayBody,
  VodPlayAnswerSchema,
  VodViewingSchema,
} from './contract/vod.ts';
import type {
  PresentationWithCodesSchema,
  TicketCodeResultSchema,
  VouchersForSaleAnswerSchema,
  OwnGiftCardsAnswerSchema,
} from './contract/vouchers.ts';
import type {
  IntegrationAnswerSchema,
  IntegrationQuery,
  MiniSitesAnswerSchema,
  MiniSiteStorefrontSchema,
} from './contract/partners.ts';
import { partnerQuery, withPartnerContext } from '../state/partnerContext.ts';

/** Typed calls of the shop, one per API route it uses. */
export const api = {
  session: () => apiCall<Answer<typeof SessionAnswerSchema>>('/session'),
  settings: () => apiCall<Answer<typeof SettingsAnswerSchema>>('/settings'),
  menu: () => apiCall<Answer<typeof MenuAnswerSchema>>('/menu'),
  presentations: (date?: string, signal?: AbortSignal) =>
    apiCall<Answer<typeof PresentationsAnswerSchema>>('/seats/presentations', {
      query: { date },
      ...(signal ? { signal } : {}),
    }),
  presentation: (id: number, signal?: AbortSignal) =>
    apiCall<Answer<typeof PresentationSchema>>(`/presentations/${id}`, {
      query: partnerQuery(),
      ...(signal ? { signal } : {}),
    }),
  /** Partners (issue 20): the mini-sites, one storefront, and a signed integration link's entry. */
  miniSites: () => apiCall<Answer<typeof MiniSitesAnswerSchema>>('/mini-sites'),
  miniSite: (slug: string, signal?: AbortSignal) =>
    apiCall<Answer<typeof MiniSiteStorefrontSchema>>(
      `/mini-sites/${encodeURIComponent(slug)}`,
      signal ? { signal } : {},
    ),
  integration: (q: IntegrationQuery) =>
    apiCall<Answer<typeof IntegrationAnswerSchema>>('/integration', { query: q }),
  /** The liability waiver a presentation's orders sign (issue 18). */
  presentationWaiver: (id: number) => apiCall<Answer<typeof WaiverTextSchema>>(`/presentations/${id}/waiver`),
  /** An order's signed waiver: for its customer, the e-ticket's key `k`, or staff. */
  orderWaiver: (reservationIdentifier: string, k?: string) =>
    apiCall<Answer<typeof SignedWaiverSchema>>(
      `/orders/${encodeURIComponent(reservationIdentifier)}/waiver`,
      {
        query: { k },
      },
    ),
  staffWaivers: (q: string, page: number) =>
    apiCall<Answer<typeof StaffWaiversAnswerSchema>>('/staff/waivers', {
      query: { q: q || undefined, page },
    }),
  /** The presentation with the tickets the codes unlock (spec section 7, ticketCodes). */
  presentationWithCodes: async (id: number, ticketCodes: readonly string[]) =>
    apiCall<Answer<typeof PresentationWithCodesSchema>>(`/presentations/${id}`, {
      query: {
        ticketCodes: ticketCodes.join(','),
        ...partnerQuery(),
        ...(await captchaField('ticket_code')),
      },
    }),
  /** Senior-citizen prices (issue 20): the senior tickets an ID number unlocks, as a code of kind senior. */
  seniorLookup: async (id: number, idNumber: string) =>
    apiCall<Answer<typeof TicketCodeResultSchema>>(`/presentations/${id}/senior-lookup`, {
      method: 'POST',
      body: { idNumber, ...(await captchaField('ticket_code')) },
    }),
  vouchersForSale: () => apiCall<Answer<typeof VouchersForSaleAnswerSchema>>('/system-vouchers/for-sale'),
  donations: () => apiCall<Answer<typeof DonationsAnswerSchema>>('/donations'),
  ticketGroups: (id: number, signal?: AbortSignal) =>
    apiCall<Answer<typeof TicketGroupsAnswerSchema>>(`/presentations/${id}/ticketGroups`, {
      query: { cb: Date.now(), ...partnerQuery() },
      ...(signal ? { signal } : {}),
    }),
  seatplan: (venueId: number, seatplanId: number) =>
    apiCall<Answer<typeof SeatplanSchema>>('/seats/seatplanV2', { query: { venueId, seatplanId } }),
  seatsStatus: (p: { id: number; venueTypeId: number; isReserved: boolean }) =>
    apiCall<Answer<typeof SeatsStatusAnswerSchema>>('/seats/seats-statusV2', {
      query: {
        presentationId: p.id,
        venueTypeId: p.venueTypeId,
        isReserved: p.isReserved ? 1 : 0,
        miniSiteUrl: partnerQuery().miniSiteUrl,
      },
    }),
  lockSeat: async (seat: LockSeat) =>
    queueAware(
      apiCall<Answer<typeof LockSeatAnswerSchema>>('/seats/lock-seat', {
        method: 'PUT',
        body: { seat, ...(await captchaField('lock_seat')) },
      }),
    ),
  /** A swap: the new seat and the seats it replaces, released in the same transaction at the box office. */
  swapSeat: async (seat: LockSeat, replaces: LockSeat[]) =>
    queueAware(
      apiCall<Answer<typeof LockSeatAnswerSchema>>('/seats/lock-seat', {
        method: 'PUT',
        body: { seat, replaces, ...(await captchaField('lock_seat')) },
      }),
    ),
  /** Where the visitor's place in the presentation's waiting room stands (issue 40). */
  queueStatus: (presentationId: number, signal?: AbortSignal) =>
    apiCall<QueueStatus>(`/queue/${presentationId}`, { signal }),
  /** Takes a place in the waiting room, or answers the one the visitor has; `again` after the pass ran out. */
  joinQueue: (presentationId: number, again = false) =>
    apiCall<QueueStatus>(`/queue/${presentationId}`, { method: 'POST', body: { again } }),
  unlockSeat: async (seat: LockSeat) =>
    apiCall<Answer<typeof UnlockSeatAnswerSchema>>('/seats/unlock-seat', {
      method: 'PUT',
      body: { seat, ...(await captchaField('unlock_seat')) },
    }),
  extendLock: (presentationId: number) =>
    apiCall<Answer<typeof ExtendLockAnswerSchema>>('/seats/extend-lock', {
      method: 'PUT',
      body: { presentationId },
    }),
  saveCart: (cart: CartBody['cart']) =>
    apiCall<Answer<typeof CartAnswerSchema>>('/cart', { method: 'POST', body: { cart } }),
  loadCart: () => apiCall<Answer<typeof StoredCartAnswerSchema>>('/cart'),
  /** One idempotency key per payment attempt: a retried request never charges twice. */
  commit: async (body: CommitBody, idempotencyKey: string) =>
    apiCall<Answer<typeof CheckoutAnswerSchema>>('/payment/commit', {
      method: 'POST',
      body: { ...withPartnerContext(body), ...(await captchaField('commit')) },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  paymentStatus: (reservationIdentifier: string) =>
    apiCall<Answer<typeof CheckoutAnswerSchema>>(
      `/payment/status/${encodeURIComponent(reservationIdentifier)}`,
    ),
  cancelPayment: (reservationIdentifier: string) =>
    apiCall<Answer<typeof CancelPaymentAnswerSchema>>('/payment/cancel', {
      method: 'POST',
      body: { reservationIdentifier },
    }),
  voucherBalance: (reference: string) =>
    apiCall<Answer<typeof VoucherBalanceSchema>>('/payment/voucher-balance', { query: { reference } }),
  deleteMagCard: (magCardId: string) =>
    apiCall<Answer<typeof MagCardsAnswerSchema>>(`/customer/mag-cards/${encodeURIComponent(magCardId)}`, {
      method: 'DELETE',
    }),
  edocument: (documentKey: string, signal?: AbortSignal) =>
    apiCall<Answer<typeof OrderDocumentSchema>>(
      `/edocument/${encodeURIComponent(documentKey)}`,
      signal ? { signal } : {},
    ),
  // Customer accounts and the personal area
  mobileLogin: (body: MobileLoginBody, language: string) =>
    apiCall<Answer<typeof SuccessAnswerSchema>>('/customer/mobile-login', {
      method: 'POST',
      body,
      query: { language },
    }),
  mobileLoginValidation: (body: MobileValidationBody) =>
    apiCall<Answer<typeof CustomerInfoAnswerSchema>>('/customer/mobile-login-validation-area', {
      method: 'POST',
      body,
    }),
  emailLogin: (body: EmailLoginBody) =>
    apiCall<Answer<typeof CustomerInfoAnswerSchema>>('/customer/login', { method: 'POST', body }),
  tokenLogin: (token: string) =>
    apiCall<Answer<typeof CustomerInfoAnswerSchema>>('/customer/token-login', {
      method: 'POST',
      body: { token },
    }),
  refreshCustomer: () => apiCall<Answer<typeof RefreshAnswerSchema>>('/customer/refresh', { method: 'POST' }),
  logout: () => apiCall<Answer<typeof SuccessAnswerSchema>>('/customer-area/logout', { method: 'POST' }),
  locations: () => apiCall<Answer<typeof LocationsAnswerSchema>>('/customer/locations'),
  myReservations: () => apiCall<Answer<typeof ReservationsAnswerSchema>>('/customer-area/reservations'),
  cancellationQuote: (reservationIdentifier: string) =>
    apiCall<Answer<typeof CancellationQuoteSchema>>(
      `/customer-area/reservations/${encodeURIComponent(reservationIdentifier)}/cancellation`,
    ),
  cancelReservation: (reservationIdentifier: string) =>
    apiCall<Answer<typeof CancelAnswerSchema>>(
      `/reservations/${encodeURIComponent(reservationIdentifier)}/cancel`,
      {
        method: 'POST',
      },
    ),
  myVouchers: () => apiCall<Answer<typeof VouchersAnswerSchema>>('/customer-area/system-vouchers'),
  /** The logged-in customer's gift cards that can pay now, masked, each paying by its id (issue 35). */
  myGiftCards: () => apiCall<Answer<typeof OwnGiftCardsAnswerSchema>>('/customer-area/gift-cards'),
  cancelVoucher: (reference: string, reservationIdentifier: string | null) =>
    apiCall<Answer<typeof VoucherCancelAnswerSchema>>(
      `/system-vouchers/${encodeURIComponent(reference)}/cancel`,
      {
        method: 'POST',
        body: reservationIdentifier ? { reservationIdentifier } : {},
      },
    ),
  replaceVoucher: (reference: string, reservationIdentifier: string | null) =>
    apiCall<Answer<typeof SystemVoucherSchema>>(
      `/system-vouchers/${encodeURIComponent(reference)}/replacement`,
      {
        method: 'POST',
        body: reservationIdentifier ? { reservationIdentifier } : {},
      },
    ),
  myVideos: () => apiCall<Answer<typeof VideosAnswerSchema>>('/customer-area/videos'),
  /** A video purchase's viewing page (issue 17): for its owner, or with its link key. */
  vodViewing: (resId: string, vodId: number, k?: string) =>
    apiCall<Answer<typeof VodViewingSchema>>(`/vod/${encodeURIComponent(resId)}/${vodId}`, { query: { k } }),
  vodPlay: (resId: string, vodId: number, body: VodPlayBody) =>
    apiCall<Answer<typeof VodPlayAnswerSchema>>(`/vod/${encodeURIComponent(resId)}/${vodId}/play`, {
      method: 'POST',
      body,
    }),
  vodHeartbeat: (token: string) =>
    apiCall<Answer<typeof VodHeartbeatAnswerSchema>>('/vod/heartbeat', { method: 'POST', body: { token } }),
  updateDetails: (body: CustomerDetailsBody) =>
    apiCall<Answer<typeof CustomerInfoAnswerSchema>>('/customer-area/details', { method: 'PUT', body }),
  smsOutbox: () => apiCall<Answer<typeof SmsOutboxAnswerSchema>>('/dev/sms-outbox'),
  /** The staff area (issue 18): its own login and session. */
  staffLogin: (body: StaffLoginBody) =>
    apiCall<Answer<typeof StaffMeSchema>>('/staff/login', { method: 'POST', body }),
  staffMe: () => apiCall<Answer<typeof StaffMeSchema>>('/staff/me'),
  staffLogout: () => apiCall<Answer<typeof NoContentSchema>>('/staff/logout', { method: 'POST' }),
  staffMessages: (status?: (typeof orderMessageStatuses)[number]) =>
    apiCall<Answer<typeof StaffMessagesAnswerSchema>>('/staff/messages', { query: { status } }),
  staffRetryMessage: (id: string) =>
    apiCall<Answer<typeof NoContentSchema>>(`/staff/messages/${encodeURIComponent(id)}/retry`, {
      method: 'POST',
    }),
  /** Managers: the venues, and turning a venue's booking through the site off or on (issue 20). */
  staffVenues: () => apiCall<Answer<typeof StaffVenuesAnswerSchema>>('/staff/venues'),
  staffSetOnlineSales: (venueId: number, enabled: boolean) =>
    apiCall<Answer<typeof StaffVenueSchema>>(`/staff/venues/${venueId}/online-sales`, {
      method: 'PUT',
      body: { enabled },
    }),
  /** Managers: one page of a report; `staffReportCsvUrl` is the same report's CSV, for a download link. */
  staffReport: (report: ReportKind, query: ReportQueryInput) =>
    apiCall<Answer<typeof ReportAnswerSchema>>(`/staff/reports/${report}`, { query }),
  staffReportCsvUrl: (report: ReportKind, query: ReportQueryInput) =>
    apiUrl(
      `/staff/reports/${report}/csv`,
      Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string>,
    ),
  mailOutbox: () => apiCall<Answer<typeof MailOutboxAnswerSchema>>('/dev/mail-outbox'),
};
