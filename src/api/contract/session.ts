import { z } from 'zod';
import { LocaleSchema, LocalizedTextSchema } from './common.ts';

export const SessionAnswerSchema = z.object({ uuid: z.uuid() }).meta({ id: 'Session' });

export const SeatColorsSchema = z.object({
  background: z.string(),
  screen: z.string(),
  rows: z.string(),
  selected: z.string(),
  default: z.string(),
  taken: z.string(),
});

/** Whether a customer field is asked, and whether it must be filled (spec section 3). */
export const FieldRuleSchema = z.object({ isRequired: z.boolean(), isIncluded: z.boolean() });

export const customerFields = [
  'firstName',
  'lastName',
  'email',
  'mobileNumber',
  'address1',
  'address2',
  'city',
  'postalCode',
  'dateOfBirth',
  'ssn',
  'location',
] as const;
export type CustomerField = (typeof customerFields)[number];

export const CustomerInfoBlockSchema = z.object({
  isSSNRequired: z.boolean(),
  isDefaultMailingAllowed: z.boolean(),
  isMailingAllowedExcluded: z.boolean(),
  isVoucherPaymentEnabled: z.boolean(),
  additionalTerms: LocalizedTextSchema.nullable(),
  fields: z.object(
    Object.fromEntries(customerFields.map((f) => [f, FieldRuleSchema])) as Record<
      CustomerField,
      typeof FieldRuleSchema
    >,
  ),
});
export type CustomerInfoBlock = z.infer<typeof CustomerInfoBlockSchema>;

export const OrderCustomerInfoBlockSchema = CustomerInfoBlockSchema.extend({
  isVerifyMobileNumber: z.boolean(),
  isVerifyEmail: z.boolean(),
  isTermsRequired: z.boolean(),
  isTermsConfirmed: z.boolean().describe('the terms box starts ticked'),
});
export type OrderCustomerInfoBlock = z.infer<typeof OrderCustomerInfoBlockSchema>;

export const flowIds = [
  'order',
  'order_vouchers',
  'order_donations',
  'order_memberships',
  'enroll_memberships',
] as const;
export type FlowId = (typeof flowIds)[number];

/** Titles, subtitles and step names a venue may replace per flow; absent: the shop's own texts. */
export const FlowTextsSchema = z.object({
  title: LocalizedTextSchema.optional(),
  subtitle: LocalizedTextSchema.optional(),
  steps: z.record(z.string(), LocalizedTextSchema).optional(),
});

/** One of the ticket step's three voucher-by-code buttons (spec section 3): two partner cards, one code. */
export const VoucherByCodeButtonSchema = z.object({
  kind: z.enum(['partnerCard', 'code']),
  image: z.string().nullable().describe("an image path on this site (the partner's card)"),
  label: LocalizedTextSchema.describe("the button's text"),
  title: LocalizedTextSchema.describe("the dialog's title"),
  description: LocalizedTextSchema,
  placeholder: LocalizedTextSchema.describe("the code field's placeholder"),
});
export type VoucherByCodeButton = z.infer<typeof VoucherByCodeButtonSchema>;

const ListMode = z.enum(['grid', 'list']);

/**
 * The header menu's and the board's ways to what is sold besides seats (issue 35): gift cards and
 * vouchers (/digital), memberships, donations, and video on demand to watch at home.
 */
export const menuEntries = ['giftCards', 'memberships', 'donations', 'watchAtHome'] as const;
export const MenuEntrySchema = z.enum(menuEntries);
export type MenuEntry = z.infer<typeof MenuEntrySchema>;

/** GET /menu: the entries the header and the board show now, in the venue's order. */
export const MenuAnswerSchema = z
  .object({
    entries: z
      .array(MenuEntrySchema)
      .describe("those of the settings' menu.entries that have something for sale now"),
  })
  .meta({ id: 'Menu' });

export const SettingsAnswerSchema = z
  .object({
    locales: z.object({
      supported: z.array(LocaleSchema),
      enabled: z.array(LocaleSchema),
      default: LocaleSchema,
      fallback: LocaleSchema,
    }),
    currency: z.object({ code: z.string(), symbol: z.string(), decimals: z.number().int() }),
    country: z.string(),
    timeZone: z.string(),
    maxSeatsPerTransaction: z.number().int().positive(),
    seatplan: z.object({
      colors: SeatColorsSchema,
      legendMode: z.enum(['full', 'compact', 'none']),
      colorMode: z.enum(['ticketGroup', 'status']),
    }),
    authRequired: z.boolean().describe('visitors log in before buying (default false)'),
    businessIds: z
      .array(z.number().int())
      .nullable()
      .describe('the businesses this shop sells for; null: every business of the box office'),
    cart: z.object({
      isVideoCartEnabled: z
        .boolean()
        .describe('video on demand is sold online (bought alone: it empties the rest of the cart)'),
    }),
    customerInfo: z.object({
      order: OrderCustomerInfoBlockSchema,
      orderMemberships: CustomerInfoBlockSchema,
      orderSystemVouchers: CustomerInfoBlockSchema,
      orderDonations: CustomerInfoBlockSchema,
    }),
    flows: z.partialRecord(z.enum(flowIds), FlowTextsSchema),
    payment: z.object({
      provider: z.string().describe('the payment provider (sandbox: built in)'),
      isDirectPayment: z
        .boolean()
        .describe(
          "direct payment: the shop's own card form; false: cards are typed on the provider's payment page only",
        ),
      cardFields: z
        .enum(['shop', 'provider'])
        .describe(
          "where a card is typed: the shop's own form (the sandbox) or the provider's own fields (Stripe's Payment Element; the card never reaches the box office)",
        ),
      stripe: z
        .object({
          publishableKey: z.string(),
          jsUrl: z.string().describe('Stripe.js (https://js.stripe.com/v3/)'),
        })
        .nullable()
        .describe('with the Stripe provider: what the browser needs for its card fields'),
      maxNumberOfPayments: z.number().int().min(1).max(36),
      minAmountPerPayment: z.number().int().nonnegative().describe('agorot per instalment'),
      methods: z
        .object({
          card: z.boolean().describe('the card form in the shop (direct payment)'),
          savedCards: z.boolean().describe('logged-in customers may keep a card as a provider token'),
          blik: z.boolean(),
          redirect: z.boolean().describe("the provider's hosted payment page (the card never reaches us)"),
        })
        .describe('which payment methods the checkout offers'),
      isSaveCardDefault: z.boolean().describe('the "save my card" box starts ticked'),
      acceptedBrands: z
        .array(z.string())
        .describe('card brands the card form accepts (the card-brand option)'),
      paypal: z.object({
        isActive: z.boolean(),
        environment: z.enum(['sandbox', 'production']),
        clientId: z.string().nullable(),
        noShipping: z.boolean(),
      }),
    }),
    customerArea: z.object({
      loginMethods: z
        .object({ customerArea: z.enum(['phone', 'email']), members: z.enum(['phone', 'email']) })
        .describe('how customers log in to the personal area and as members (spec: both by phone)'),
      extraLoginField: z
        .enum(['none', 'reservationIdentifier', 'ssn', 'memberNumber'])
        .describe('what the venue asks with the SMS code'),
      isEmailLoginEnabled: z.boolean(),
      cancellationFee: z.object({
        name: LocalizedTextSchema,
        fixed: z.number().int().nonnegative().describe('agorot, per order or per ticket'),
        percent: z.number().min(0).max(100).describe('of the ticket prices'),
        perTicket: z.boolean(),
      }),
      replacementVoucherDays: z.number().int().positive(),
      boxOfficeContact: LocalizedTextSchema.describe('shown with BALANCE_IS_DUE'),
      captchaSiteKey: z.string().nullable(),
      smsOutbox: z.boolean().describe('development: the shop links to the SMS outbox'),
      mailOutbox: z.boolean().default(false).describe('development: the shop links to the mail outbox'),
    }),
    menu: z
      .object({
        entries: z
          .array(MenuEntrySchema)
          .describe(
            'the entries the header menu and the board may show, in this order; each shows while it has ' +
              'something for sale (default: all)',
          ),
      })
      .describe('the header menu and the board’s links to what is sold besides seats'),
    listModes: z
      .object({ presentations: ListMode, vouchers: ListMode, memberships: ListMode, donations: ListMode })
      .describe('how each list of things for sale is laid out'),
    vouchers: z.object({
      isNextButtonPerVoucher: z
        .boolean()
        .describe('each voucher has its own next button (spec default false: one for the list)'),
      byCodeButtons: z.array(VoucherByCodeButtonSchema).max(3),
    }),
    memberships: z.object({
      isNextButtonPerMembership: z
        .boolean()
        .describe('each membership has its own next button (spec default true); false: one for the list'),
    }),
    donations: z.object({
      isOfferedInOrder: z
        .boolean()
        .describe("a seat order's products step offers a donation as one more line"),
    }),
    seniorCitizen: z
      .object({
        isLookupEnabled: z
          .boolean()
          .describe(
            'the ticket step offers senior-citizen prices unlocked by an ID number (registry lookup)',
          ),
        minimumAge: z
          .number()
          .int()
          .min(0)
          .max(120)
          .describe('the age from which the registry counts a senior'),
        maxTicketsPerId: z
          .number()
          .int()
          .min(1)
          .max(20)
          .describe('senior tickets one ID number buys per presentation, across all its orders'),
      })
      .describe('senior-citizen lookup flags (spec section 3)'),
    order: z.object({
      isHoldEnabled: z.boolean().describe('members may reserve now and pay at the box office'),
      holdMinutesBeforeEvent: z.number().int().positive().describe('holds are paid by then, or released'),
      orderReceivedUrl: z.string().nullable().describe('external page after a completed order'),
      termsUrl: z
        .string()
        .nullable()
        .describe('external order terms: one address for every language; when set it wins over terms'),
      terms: LocalizedTextSchema.nullable().describe(
        'the order terms per language: an http(s) address (opened in a new tab) or plain text, paragraphs ' +
          'apart by a blank line (shown in a dialog; never markup)',
      ),
      eDocumentGraceMinutes: z.number().int().nonnegative(),
    }),
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof SettingsAnswerSchema>;
