import { captchaField } from './captcha.ts';
import { apiCall, apiUrl } from './client.ts';
import { ReportAnswerSchema, type ReportKind, type ReportQueryInput } from './contract/reports.ts';
import {
  CancelPaymentAnswerSchema,
  CartAnswerSchema,
  StoredCartAnswerSchema,
  type CartBody,
  CheckoutAnswerSchema,
  type CommitBody,
  ExtendLockAnswerSchema,
  LockSeatAnswerSchema,
  type LockSeat,
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
import {
  CancelAnswerSchema,
  CancellationQuoteSchema,
  type CustomerDetailsBody,
  CustomerInfoAnswerSchema,
  type EmailLoginBody,
  MagCardsAnswerSchema,
  MailOutboxAnswerSchema,
  LocationsAnswerSchema,
  type MobileLoginBody,
  type MobileValidationBody,
  RefreshAnswerSchema,
  ReservationsAnswerSchema,
  SmsOutboxAnswerSchema,
  SuccessAnswerSchema,
  SystemVoucherSchema,
  VideosAnswerSchema,
  VoucherCancelAnswerSchema,
  VouchersAnswerSchema,
} from './contract/customer.ts';
import { DonationsAnswerSchema } from './contract/donations.ts';
import {
  NoContentSchema,
  type StaffLoginBody,
  StaffMeSchema,
  StaffMessagesAnswerSchema,
  type orderMessageStatuses,
} from './contract/staff.ts';
import { SignedWaiverSchema, StaffWaiversAnswerSchema, WaiverTextSchema } from './contract/waiver.ts';
import {
  VodHeartbeatAnswerSchema,
  type VodPlayBody,
  VodPlayAnswerSchema,
  VodViewingSchema,
} from './contract/vod.ts';
import { PresentationWithCodesSchema, VouchersForSaleAnswerSchema } from './contract/vouchers.ts';

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
  /** The liability waiver a presentation's orders sign (issue 18). */
  presentationWaiver: (id: number) => apiCall(`/presentations/${id}/waiver`, WaiverTextSchema),
  /** An order's signed waiver: for its customer, the e-ticket's key `k`, or staff. */
  orderWaiver: (reservationIdentifier: string, k?: string) =>
    apiCall(`/orders/${encodeURIComponent(reservationIdentifier)}/waiver`, SignedWaiverSchema, {
      query: { k },
    }),
  staffWaivers: (q: string, page: number) =>
    apiCall('/staff/waivers', StaffWaiversAnswerSchema, { query: { q: q || undefined, page } }),
  /** The presentation with the tickets the codes unlock (spec section 7, ticketCodes). */
  presentationWithCodes: async (id: number, ticketCodes: readonly string[]) =>
    apiCall(`/presentations/${id}`, PresentationWithCodesSchema, {
      query: { ticketCodes: ticketCodes.join(','), ...(await captchaField('ticket_code')) },
    }),
  vouchersForSale: () => apiCall('/system-vouchers/for-sale', VouchersForSaleAnswerSchema),
  donations: () => apiCall('/donations', DonationsAnswerSchema),
  ticketGroups: (id: number, signal?: AbortSignal) =>
    apiCall(`/presentations/${id}/ticketGroups`, TicketGroupsAnswerSchema, {
      query: { cb: Date.now() },
      ...(signal ? { signal } : {}),
    }),
  seatplan: (venueId: number, seatplanId: number) =>
    apiCall('/seats/seatplanV2', SeatplanSchema, { query: { venueId, seatplanId } }),
  seatsStatus: (p: { id: number; venueTypeId: number; isReserved: boolean }) =>
    apiCall('/seats/seats-statusV2', SeatsStatusAnswerSchema, {
      query: { presentationId: p.id, venueTypeId: p.venueTypeId, isReserved: p.isReserved ? 1 : 0 },
    }),
  lockSeat: async (seat: LockSeat) =>
    apiCall('/seats/lock-seat', LockSeatAnswerSchema, {
      method: 'PUT',
      body: { seat, ...(await captchaField('lock_seat')) },
    }),
  /** A swap: the new seat and the seats it replaces, released in the same transaction at the box office. */
  swapSeat: async (seat: LockSeat, replaces: LockSeat[]) =>
    apiCall('/seats/lock-seat', LockSeatAnswerSchema, {
      method: 'PUT',
      body: { seat, replaces, ...(await captchaField('lock_seat')) },
    }),
  unlockSeat: async (seat: LockSeat) =>
    apiCall('/seats/unlock-seat', UnlockSeatAnswerSchema, {
      method: 'PUT',
      body: { seat, ...(await captchaField('unlock_seat')) },
    }),
  extendLock: (presentationId: number) =>
    apiCall('/seats/extend-lock', ExtendLockAnswerSchema, { method: 'PUT', body: { presentationId } }),
  saveCart: (cart: CartBody['cart']) =>
    apiCall('/cart', CartAnswerSchema, { method: 'POST', body: { cart } }),
  loadCart: () => apiCall('/cart', StoredCartAnswerSchema),
  /** One idempotency key per payment attempt: a retried request never charges twice. */
  commit: async (body: CommitBody, idempotencyKey: string) =>
    apiCall('/payment/commit', CheckoutAnswerSchema, {
      method: 'POST',
      body: { ...body, ...(await captchaField('commit')) },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  paymentStatus: (reservationIdentifier: string) =>
    apiCall(`/payment/status/${encodeURIComponent(reservationIdentifier)}`, CheckoutAnswerSchema),
  cancelPayment: (reservationIdentifier: string) =>
    apiCall('/payment/cancel', CancelPaymentAnswerSchema, {
      method: 'POST',
      body: { reservationIdentifier },
    }),
  voucherBalance: (reference: string) =>
    apiCall('/payment/voucher-balance', VoucherBalanceSchema, { query: { reference } }),
  deleteMagCard: (magCardId: string) =>
    apiCall(`/customer/mag-cards/${encodeURIComponent(magCardId)}`, MagCardsAnswerSchema, {
      method: 'DELETE',
    }),
  edocument: (documentKey: string, signal?: AbortSignal) =>
    apiCall(`/edocument/${encodeURIComponent(documentKey)}`, OrderDocumentSchema, signal ? { signal } : {}),
  // Customer accounts and the personal area
  mobileLogin: (body: MobileLoginBody, language: string) =>
    apiCall('/customer/mobile-login', SuccessAnswerSchema, { method: 'POST', body, query: { language } }),
  mobileLoginValidation: (body: MobileValidationBody) =>
    apiCall('/customer/mobile-login-validation-area', CustomerInfoAnswerSchema, { method: 'POST', body }),
  emailLogin: (body: EmailLoginBody) =>
    apiCall('/customer/login', CustomerInfoAnswerSchema, { method: 'POST', body }),
  tokenLogin: (token: string) =>
    apiCall('/customer/token-login', CustomerInfoAnswerSchema, { method: 'POST', body: { token } }),
  refreshCustomer: () => apiCall('/customer/refresh', RefreshAnswerSchema, { method: 'POST' }),
  logout: () => apiCall('/customer-area/logout', SuccessAnswerSchema, { method: 'POST' }),
  locations: () => apiCall('/customer/locations', LocationsAnswerSchema),
  myReservations: () => apiCall('/customer-area/reservations', ReservationsAnswerSchema),
  cancellationQuote: (reservationIdentifier: string) =>
    apiCall(
      `/customer-area/reservations/${encodeURIComponent(reservationIdentifier)}/cancellation`,
      CancellationQuoteSchema,
    ),
  cancelReservation: (reservationIdentifier: string) =>
    apiCall(`/reservations/${encodeURIComponent(reservationIdentifier)}/cancel`, CancelAnswerSchema, {
      method: 'POST',
    }),
  myVouchers: () => apiCall('/customer-area/system-vouchers', VouchersAnswerSchema),
  cancelVoucher: (reference: string, reservationIdentifier: string | null) =>
    apiCall(`/system-vouchers/${encodeURIComponent(reference)}/cancel`, VoucherCancelAnswerSchema, {
      method: 'POST',
      body: reservationIdentifier ? { reservationIdentifier } : {},
    }),
  replaceVoucher: (reference: string, reservationIdentifier: string | null) =>
    apiCall(`/system-vouchers/${encodeURIComponent(reference)}/replacement`, SystemVoucherSchema, {
      method: 'POST',
      body: reservationIdentifier ? { reservationIdentifier } : {},
    }),
  myVideos: () => apiCall('/customer-area/videos', VideosAnswerSchema),
  /** A video purchase's viewing page (issue 17): for its owner, or with its link key. */
  vodViewing: (resId: string, vodId: number, k?: string) =>
    apiCall(`/vod/${encodeURIComponent(resId)}/${vodId}`, VodViewingSchema, { query: { k } }),
  vodPlay: (resId: string, vodId: number, body: VodPlayBody) =>
    apiCall(`/vod/${encodeURIComponent(resId)}/${vodId}/play`, VodPlayAnswerSchema, { method: 'POST', body }),
  vodHeartbeat: (token: string) =>
    apiCall('/vod/heartbeat', VodHeartbeatAnswerSchema, { method: 'POST', body: { token } }),
  updateDetails: (body: CustomerDetailsBody) =>
    apiCall('/customer-area/details', CustomerInfoAnswerSchema, { method: 'PUT', body }),
  smsOutbox: () => apiCall('/dev/sms-outbox', SmsOutboxAnswerSchema),
  /** The staff area (issue 18): its own login and session. */
  staffLogin: (body: StaffLoginBody) => apiCall('/staff/login', StaffMeSchema, { method: 'POST', body }),
  staffMe: () => apiCall('/staff/me', StaffMeSchema),
  staffLogout: () => apiCall('/staff/logout', NoContentSchema, { method: 'POST' }),
  staffMessages: (status?: (typeof orderMessageStatuses)[number]) =>
    apiCall('/staff/messages', StaffMessagesAnswerSchema, { query: { status } }),
  staffRetryMessage: (id: string) =>
    apiCall(`/staff/messages/${encodeURIComponent(id)}/retry`, NoContentSchema, { method: 'POST' }),
  /** Managers: one page of a report; `staffReportCsvUrl` is the same report's CSV, for a download link. */
  staffReport: (report: ReportKind, query: ReportQueryInput) =>
    apiCall(`/staff/reports/${report}`, ReportAnswerSchema, { query }),
  staffReportCsvUrl: (report: ReportKind, query: ReportQueryInput) =>
    apiUrl(
      `/staff/reports/${report}/csv`,
      Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string>,
    ),
  mailOutbox: () => apiCall('/dev/mail-outbox', MailOutboxAnswerSchema),
};
