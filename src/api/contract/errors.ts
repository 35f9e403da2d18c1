import { z } from 'zod';

/**
 * The error catalogue (spec section 8). Codes, not sentences, cross the server → shop boundary;
 * the shop translates them from `locales/*.json` under `errors.<code>`.
 *
 * Codes the spec names as identifiers are kept verbatim (`lock_seat_error`, `INVALID_SMS_CODE`,
 * `formValidation`, ...). Entries the spec names only in words ('event not found', 'fetch data error')
 * are written in snake case. The few the product adds (marked "product") cover situations section 8
 * lists without a name: an unknown API path, a visitor without its uuid, a sale window.
 */
export const errorCatalogue = {
  // General
  formValidation: 400,
  fetch_data_error: 500,
  not_found: 404, // product: unknown /api path
  visitor_required: 400, // product: a seat call without the visitor's uuid header
  // Order
  event_not_found: 404,
  // Partners (issue 20): mini-sites and signed integrations
  eventError: 409, // the presentation is not sold through this mini-site (spec section 8)
  integrationError: 403, // a signed entry link that is stale, altered or foreign, or an expired integrationId
  miniSiteNotFound: 404, // product: no mini-site has this miniSiteUrl (slug)
  miniSiteReferralMismatch: 400, // product: cart.referralMiniSiteId is not the mini-site of miniSiteUrl
  seatplan_not_found: 404, // product: unknown venue/seat plan pair
  seat_not_found: 404, // product: a seat that is not on the presentation's plan
  sale_not_started: 403, // product: 'ticket sale may not have begun' (spec section 4)
  sale_ended: 403, // product: 'ticket sale may have ended' (spec section 4)
  lock_seat_error: 409,
  unlock_seat_error: 409,
  max_seats_error: 409, // 'cannot select more than %{maxSeats} seats' (spec section 5)
  section_not_enough_seats: 409,
  ga_not_enough_seats: 409,
  res_not_enough_seats: 409,
  no_price_policy: 409,
  incompatible_auth_profile: 409, // 'Incompatible AuthProfile' (spec section 5)
  incompatible_business: 409, // 'Incompatible Business' (spec section 5)
  order_not_found: 404,
  order_cancelled: 409,
  order_not_confirmed: 409, // product (issue 36): only a paid or held order has a confirmation to send again
  edocument_expired: 410, // product: the e-ticket no longer opens after its presentation (grace minutes)
  location_offline: 503,
  lock_extension_used: 409, // product: the cart timer may be extended once (spec section 4)
  not_sold_yet: 409, // product: a line kind (membership, voucher, donation, enrolment) not sold online yet
  video_cart_exclusive: 409, // product: a video on demand is bought alone (spec section 4 cart rule)
  // Seat rules the box office enforces on every purchase (spec section 5; names from workers/seatplan)
  single_seat_error: 409, // product: the purchase would leave a single free seat (seating policy 3)
  sofa_together_error: 409, // 'all seats of a sofa or bed together'
  companion_requires_accessible: 409, // product: a companion seat only with a wheelchair space
  swap_price_level_error: 409, // 'same price level when swapping' (spec section 5): a lock that replaces seats
  // Hold orders (spec section 4)
  premiumWithHoldErrorMessage: 409, // premium seats cannot be held
  no_valid_membership_for_member_sale: 403,
  hold_deadline_passed: 409, // product: holds close 30 minutes before the event
  // Ticket types (spec section 5); named by the product
  ticket_not_in_group: 409,
  multiply_factor_mismatch: 409, // 'ticket count must match the multiply factor'
  ticket_min_quantity: 409,
  ticket_max_quantity: 409,
  ticket_required_combination: 409,
  ticket_sold_out: 409,
  product_not_offered: 409, // product: an add-on the presentation does not sell
  addon_not_offered: 409, // product: a ticket add-on the seat's ticket does not carry (or one twice)
  // Customer form and payment (spec sections 5 and 8)
  // A refused form answers formValidation with every field's code in its params (see
  // fieldProblemParams in src/domain/fieldRules.ts); these are the field codes, generic first.
  field_required: 400, // 'the field {field} is a required field!'
  field_letters_only: 400, // generic: letters only
  field_email: 400, // generic: e-mail
  field_min_length: 400, // generic: minimum length ({min})
  field_max_length: 400, // generic: maximum length ({max})
  field_digits_only: 400, // generic: digits only
  field_invalid: 400, // field-level 'invalid'
  invalid_ssn: 400,
  terms_not_approved: 400, // 'You must approve the terms'
  mobile_mismatch: 400,
  email_mismatch: 400,
  card_number_invalid: 400,
  card_expiry_invalid: 400,
  card_cvv_invalid: 400,
  number_of_payments_invalid: 400, // product
  errorResponse: 402, // 'cannot perform the transaction:' + the acquirer's reason
  errorNoResponse: 502, // the acquirer did not answer
  paymentError: 402,
  payment_in_progress: 409, // product: these seats are being paid for in another attempt
  payment_method_unavailable: 409, // product: a method the venue has not switched on
  three_ds_failed: 402, // 3DS failure: the card issuer did not authenticate the customer
  wallet_error: 402, // PayPal refused or the approval does not match the payment
  wallet_cancelled: 409, // product: the customer left PayPal without approving
  blik_code_invalid: 402, // Blik: no such code (mistyped or already used)
  blik_code_expired: 402, // Blik: codes live two minutes
  blik_declined: 402, // Blik: refused in the banking app
  blik_timeout: 402, // Blik: not confirmed in the banking app in time
  payment_provider_error: 402, // the payment page's returned message
  payment_cancelled: 409, // 'order cancelled, reloading': the customer cancelled on the payment page
  webhook_signature_invalid: 400, // product: a provider's webhook event whose signature does not verify
  payment_expired: 409, // product: the payment was not completed within the payment window
  saved_card_not_found: 404, // product: a saved card that is not the customer's or was deleted
  // Voucher payments (spec section 8, ticket-code names)
  codeNotFound: 404, // ticket code: no voucher, partner card or price code with this code
  ticketNotFound: 409, // ticket code: the code unlocks no ticket of this event ('not in event')
  getTicket: 409, // ticket code: the ticket it unlocks cannot be sold now (sold out)
  autoApplyVoucherRequired: 409, // ticket code: a gift card pays at the payment step, not as a ticket
  refPromptOptNotFound: 400, // the ticket's reference is not one of its options
  refPromptOptError: 400, // the ticket's reference is missing or does not match its pattern
  recaptcha: 400, // ticket code lookups: the human check failed
  noVouchers: 404, // no vouchers for sale
  mustSelectVouchers: 400, // must choose vouchers before proceeding
  noDonations: 404, // no donations for sale
  mustSelectDonations: 400, // must choose donations before proceeding
  voucher_not_for_sale: 409, // product: an offer, price or date that is not (or no longer) for sale
  voucher_price_out_of_range: 400, // product: an open price outside the voucher's minimum and maximum
  voucher_max_quantity: 409, // product: more than 10 of one voucher (spec section 9)
  voucher_date_sold_out: 409, // product: no vouchers left for the date chosen
  voucher_cart_exclusive: 409, // product: a voucher cart holds vouchers (and voucher-shop products) only
  gift_needs_gift_cards: 409, // product (issue 35): only an order of gift cards is sent as a gift
  gift_date_invalid: 400, // product (issue 35): delivery from today until the cards expire (params: first, last)
  voucher_ticket_not_on_hold: 409, // hold orders exclude system-voucher tickets (spec section 4)
  donation_not_for_sale: 409, // product: a fund or amount that is not for sale
  donation_amount_out_of_range: 400, // product: a custom amount outside the fund's bounds
  voucherBalance: 409, // no balance, or less than the amount asked
  voucherExpired: 409,
  voucher_not_for_payment: 409, // product: only stored-value vouchers (gift cards) pay for orders
  voucher_amount_invalid: 400, // product
  voucher_payment_not_enabled: 403, // product: the venue takes no voucher payments in this flow
  video_not_sold_online: 409, // product: the venue's cart flag sells no video on demand
  // Video on demand (spec sections 3, 4 and 8; issue 17)
  vod_not_found: 404, // product: no such video purchase
  vod_not_yours: 403, // product: someone else's purchase, or a link key that does not match
  vod_cancelled: 409, // product: the purchase was cancelled
  vod_not_available_yet: 409, // product: the viewing window has not begun (status future)
  vod_expired: 409, // product: the viewing window has closed (status expired)
  vod_no_plays_left: 409, // product: every play of the purchase has been used
  vod_stream_taken_over: 409, // product: the purchase now plays on another device (one stream at a time)
  vod_token_invalid: 403, // product: a stream token that is expired or altered
  vod_media_not_found: 404, // product: no such file in the film's package
  vod_film_missing: 409, // product: a video presentation without a film to stream is not sold
  last_commit_error: 409, // the order was already completed (confirmation lastCommit error)
  idempotency_key_reused: 409, // product: one Idempotency-Key, two different carts
  // Memberships and enrolment (spec section 8)
  noMemberships: 404, // no memberships for sale
  mustSelectMemberships: 400, // must choose memberships before proceeding
  membership_not_for_sale: 409, // product: a membership or price that is not (or no longer) for sale
  membership_max_quantity: 409, // product: at most 2 memberships in an order (spec section 9)
  membership_mixed_currencies: 400, // mixed currencies in a membership selection are invalid
  membership_cart_exclusive: 409, // product: a membership cart holds memberships only (spec section 4)
  enrolment_cart_exclusive: 409, // product: a season enrolment is bought on its own
  membership_seat_required: 409, // product: a membership that carries seats needs its seat held
  codeAlreadyEntered: 409, // a membership price code can be entered once
  priceNotFound: 404, // no membership price with this code
  getPrice: 409, // the price cannot be sold now
  validateReferences: 400, // a reference the price asks for is missing or does not match
  invalidSSN: 400, // member and senior lookups: not a valid ID number (format or check digit)
  seniorBenefitError: 409, // senior lookup: not a registered senior citizen, or the registry failed (params.reason)
  seniorBenefitTicketNotFound: 409, // senior lookup: the presentation has no senior-citizen price
  seniorBenefitBalance: 409, // senior lookup: the ID number has used its senior tickets here (params.max)
  seniorLookupDisabled: 403, // product: the venue does not offer senior-citizen prices online
  memberNotFound: 404, // member lookup / member ticket: no such member
  noValidMember: 409, // the member has no valid membership for this
  memberNotStarted: 409, // the membership has not started yet
  memberExpired: 409, // the membership has expired
  memberNoneAvailable: 409, // no member tickets left (balance used up)
  ticket_balance_error: 409, // member tickets beyond the membership's balance
  loyalty_points_error: 409, // product: not enough loyalty points for the points tickets
  ALREADY_ENROLLED: 409, // the customer is already enrolled in this season
  GENERAL_ERROR: 409, // membership / member lookup: the box office cannot do this now
  CUSTOMER_NO_MOBILE: 409, // member lookup: the member has no mobile number to send the code to
  enrolment_choice_count: 400, // product: the number of optional presentations chosen is not the season's
  enrolment_seat_taken: 409, // product: the fixed seat is taken in some presentation (all or nothing)
  // Customer area (spec section 8)
  NOTHING_TO_CANCEL: 409,
  BALANCE_IS_DUE: 409, // refund to the original payment method not possible online: the box office
  CUSTOMER_NOT_FOUND: 404,
  INVALID_SMS_CODE: 400,
  LOGIN_FAILED: 401,
  staff_not_logged_in: 401, // product: a staff call without a staff session
  staff_forbidden: 403, // product: a staff call that needs another staff role
  // Back office (issue 33)
  staff_token_invalid: 401, // product: an API token that is unknown, revoked or expired
  staff_password_change_required: 403, // product: the user logs in with a given password and sets their own first
  staff_password_wrong: 400, // product: the current password given to change it is not the user's
  staff_password_reused: 400, // product: the new password is the one given to the user
  staff_user_exists: 409, // product: another staff user has this username
  staff_user_not_found: 404,
  staff_token_not_found: 404,
  order_line_not_refundable: 409, // product: a ticket or product the order no longer holds (or never did)
  order_not_refundable: 409, // product: an order that is not paid (or held) has nothing to refund or exchange
  exchange_not_same_feature: 409, // product: an exchange goes to another presentation of the same feature
  counter_payment_mismatch: 400, // product: counter payments that do not add up to what is due
  cash_tendered_short: 400, // product: less cash handed over than the cash payment's amount
  counter_cash_twice: 400, // product: two cash payments in one counter payment (one drawer, one change)
  counter_clerk_only: 403, // product: money at the counter is taken by a staff user, not an API token
  hold_already_collected: 409, // product: the hold order was collected and paid at the counter already
  hold_not_collectable: 409, // product: the order is not a hold order waiting to be collected
  shift_already_open: 409, // product: the clerk's shift is open with its float already
  shift_not_open: 409, // product: the clerk has no open shift to close
  shift_not_found: 404, // product: no such shift (or another clerk's)
  staff_last_admin: 409, // product: the last active admin cannot be deactivated or given another role
  staff_self_change: 409, // product: an admin cannot deactivate themselves or take away their own role
  venue_not_found: 404,
  hall_not_found: 404,
  seatplan_invalid: 422, // product: the file cannot become a seat plan (params.errors, params.first)
  seatplan_not_draft: 409, // product: a published seat plan version never changes; make a new draft
  seatplan_has_errors: 409, // product: a draft with errors cannot be published (params.errors, params.first)
  seatplan_edit_invalid: 400, // product: an edit names a seat, section or row the plan lacks (params.value)
  seatplan_seats_in_use: 409, // product: sold or held seats missing or changed in the new version (params.seats)
  seatplan_not_of_hall: 409, // product: the version is not of the presentation's hall, or not published
  // Back office, the programme (issue 34)
  feature_not_found: 404,
  hall_without_plan: 409, // product: a hall with no published seat plan cannot have presentations (params.hallId)
  schedule_clash: 409, // product: a show starts before the hall's previous one has ended and been cleaned (params)
  schedule_too_large: 400, // product: a schedule of more shows than one call makes (params.max)
  schedule_file_invalid: 422, // product: a schedule file that cannot be read (params.line, params.reason)
  schedule_in_past: 400, // product: a schedule file's show that would have started already
  schedule_line_invalid: 400, // product: a schedule line whose feature, hall, date or time is missing or wrong
  price_level_not_in_plan: 400, // product: a price level the hall's plan gives no seat (params.priceLevelId)
  presentation_called_off: 410, // product: the venue called this presentation off; its sales stopped (params.calledOffAt)
  presentation_started: 409, // product: a presentation that has begun cannot be moved or called off (params.startsAt)
  waiting_room_elsewhere: 409, // product: a presentation is behind another waiting room people are in (params.presentationId)
  product_not_found: 404,
  waiver_unknown: 404, // product: no liability waiver has this id (params.waiverId)
  membership_not_found: 404, // product: no such membership (params.membershipId)
  voucher_class_not_found: 404, // product: no such voucher class (params.voucherClassId)
  partner_program_not_found: 404, // product: no such partner programme (params.partnerProgramId)
  mini_site_not_found: 404, // product: no such partner mini-site (params.miniSiteId)
  price_list_not_found: 404,
  ticket_type_not_found: 404,
  price_level_not_found: 404, // product: no such price level (params.priceLevelId)
  price_list_private: 409, // product: a presentation's own price list is not given to another (params.presentationId)
  price_level_not_in_list: 400, // product: the price list has no ticket type in a level the show sells (params.priceLevelId)
  poster_type_invalid: 415, // product: a poster is a JPEG, PNG or WebP image, by its content
  poster_too_large: 413, // product: a poster file over the limit (params.maxBytes)
  poster_too_small: 422, // product: a poster smaller than the board shows it (params.minWidth, params.minHeight)
  poster_unreadable: 422, // product: an image that does not decode (damaged, or too many pixels)
  sale_window_invalid: 400, // product: a sale window that closes before it opens, or after the show is long over
  capacity_not_general_admission: 400, // product: only a general-admission presentation has a capacity to set
  capacity_above_plan: 400, // product: a capacity over the online places of the seat plan (params.planCapacity)
  capacity_below_sold: 409, // product: a capacity leaving a sold or held place outside it (params.leastCapacity)
  message_not_failed: 409, // product: only an order message that was given up can be sent again
  report_sort_invalid: 400, // product: a report sorted in a way it does not offer (params.allowed)
  report_range_invalid: 400, // product: a report's dates are not YYYY-MM-DD, from after to, or over 366 days
  // Liability waiver (spec sections 2 and 5; issue 18)
  waiver_required: 400, // product: this presentation's orders sign its waiver before payment
  waiver_not_required: 400, // product: a waiver sent for a presentation that has none
  waiver_version_changed: 409, // product: the venue changed the waiver's text; read and sign the new one
  waiver_adult_invalid: 400, // product: the signing adult's name, ID number or date of birth (params.field)
  waiver_adult_too_young: 400, // product: the signing adult is younger than the venue's adult age
  waiver_jumper_invalid: 400, // product: a jumper's name or date of birth (params.index, params.field)
  waiver_age_mismatch: 400, // spec 5: the ticket must suit the jumper's age (params: name, age, minAge, maxAge)
  waiver_jumpers_mismatch: 400, // product: one jumper per ticket, each with that ticket's type
  waiver_not_accepted: 400, // product: the waiver's acceptance box is not ticked
  waiver_not_signed: 400, // product: no signature drawn (or not a PNG image)
  waiver_not_found: 404, // product: no signed waiver for this order
  waiver_not_yours: 403, // product: another customer's waiver, or a link key that does not match
  SMS_FAILED: 502,
  invalid_captcha: 400,
  invalid_mobileNumber: 400,
  SYSTEM_VOUCHER_NOT_FOUND: 404,
  SYSTEM_VOUCHER_NOT_ACTIVE: 409,
  SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT: 409,
  SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET: 409,
  CUSTOMER_TOKEN_REDEEMED: 410,
  CUSTOMER_TOKEN_EXPIRED: 410,
  CUSTOMER_TOKEN_ERROR: 400,
  not_logged_in: 401, // product: a personal-area call without a customer session
  not_your_item: 403, // product: another customer's reservation or voucher
  too_many_attempts: 429, // product: SMS, login, seat-hold, lock and commit limits (Retry-After)
  cross_origin_refused: 403, // product: a cookie-session call from another origin (issue 32)
  json_body_required: 415, // product: a cookie-session call whose body is not JSON (issue 32)
  metrics_token_required: 401, // product: GET /metrics without the METRICS_TOKEN
  queue_required: 403, // product (issue 40): the sale has a waiting room; take a place (params.presentationId)
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as [ErrorCode, ...ErrorCode[]];

/** The JSON body of every error answer. */
export const ApiErrorSchema = z
  .object({
    statusCode: z.number().int(),
    code: z.string(),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    requestId: z.string().optional().describe('the id of the request in the box office logs'),
  })
  .meta({ id: 'ApiError' });

export type ApiError = z.infer<typeof ApiErrorSchema>;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}
