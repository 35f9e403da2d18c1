import { z } from 'zod';
import { GIFT_MESSAGE_MAX, GIFT_NAME_MAX } from '../../domain/giftDelivery.ts';
import { isValidEmail } from '../../domain/validation.ts';
import { Agorot, Id, IsoDateSchema, IsoDateTimeSchema, LocaleSchema, LocalizedTextSchema } from './common.ts';
import { PresentationSchema, TicketSchema } from './presentations.ts';

/** Spec section 9: at most 10 of one voucher in an order. */
export const VOUCHER_MAX_QUANTITY = 10;

/** How a list of things for sale is laid out (settings: list modes for presentations, vouchers, …). */
export const ListModeSchema = z.enum(['grid', 'list']);
export type ListMode = z.infer<typeof ListModeSchema>;

export const voucherOfferKinds = ['fixed', 'open', 'dated'] as const;

/** A price of a fixed or dated voucher (spec section 3: SystemVoucherPriceId, Price, redemptionData). */
export const VoucherOfferPriceSchema = z.object({
  SystemVoucherPriceId: z.number().int(),
  Price: Agorot,
  redemptionData: z
    .object({ reference: z.string().nullable(), price: Agorot })
    .describe('what the voucher is worth when redeemed: a gift card holds `price` agorot'),
});
export type VoucherOfferPrice = z.infer<typeof VoucherOfferPriceSchema>;

/** A system voucher for sale (spec section 3). */
export const VoucherOfferSchema = z
  .object({
    SystemVoucherId: z.number().int(),
    SystemVoucherClassId: z.number().int(),
    SystemVoucherSuperClassId: z.number().int(),
    kind: z
      .enum(voucherOfferKinds)
      .describe('fixed: one of Prices; open: the customer names an amount; dated: a date of `dates`'),
    name: LocalizedTextSchema,
    description: LocalizedTextSchema,
    benefit: LocalizedTextSchema,
    terms: LocalizedTextSchema.nullable(),
    isStoredValue: z.boolean().describe('a gift card: pays orders up to its balance'),
    uses: z.number().int().nonnegative().describe('ticket vouchers: the tickets one voucher pays for'),
    Prices: z.array(VoucherOfferPriceSchema),
    minPrice: Agorot.nullable().describe('open price: the least the customer may name'),
    maxPrice: Agorot.nullable().describe('open price: the most the customer may name'),
    dates: z
      .array(z.object({ Date: IsoDateSchema, Vouchers: z.number().int().nonnegative() }))
      .describe('dated vouchers: each date with the vouchers left for it'),
    validityDays: z.number().int().positive().describe('fixed and open: valid this many days from purchase'),
    maxQuantity: z.number().int().positive(),
  })
  .meta({ id: 'VoucherOffer' });
export type VoucherOffer = z.infer<typeof VoucherOfferSchema>;

/** GET /system-vouchers/for-sale. An empty list is `noVouchers` in the shop. */
export const VouchersForSaleAnswerSchema = z.object({
  vouchers: z.array(VoucherOfferSchema),
  products: z
    .array(
      z.object({
        id: z.number().int(),
        name: LocalizedTextSchema,
        price: Agorot,
        isDeliveryRequired: z.boolean(),
      }),
    )
    .describe('products the voucher shop sells with vouchers'),
});
export type VouchersForSaleAnswer = z.infer<typeof VouchersForSaleAnswerSchema>;

/** A voucher line of the commit cart; the price sent along is ignored except an open price's amount. */
export const CartVoucherSchema = z.object({
  id: Id.describe('SystemVoucherId of the offer'),
  priceId: Id.optional().describe('fixed and dated: the SystemVoucherPriceId chosen'),
  amount: Agorot.optional().describe('open price: the amount the customer named, within min and max'),
  date: IsoDateSchema.optional().describe('dated: the date chosen'),
  quantity: z.number().int().min(1).max(VOUCHER_MAX_QUANTITY),
});
export type CartVoucher = z.infer<typeof CartVoucherSchema>;

/**
 * One of the logged-in customer's gift cards as the box office names it to them: a key derived from its
 * code with the server's secret, which pays only for that customer (checkout voucherPayments.giftCardId).
 */
export const GiftCardIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** GET /customer-area/gift-cards: a gift card of the customer's that can pay now (the voucher dialog). */
export const OwnGiftCardSchema = z
  .object({
    id: GiftCardIdSchema,
    code: z.string().describe('the code masked: its last four characters only'),
    name: LocalizedTextSchema,
    balance: Agorot.describe('what it can pay now (less what pending orders have set aside)'),
    endDate: IsoDateTimeSchema,
  })
  .meta({ id: 'OwnGiftCard' });
export type OwnGiftCard = z.infer<typeof OwnGiftCardSchema>;
export const OwnGiftCardsAnswerSchema = z.object({ giftCards: z.array(OwnGiftCardSchema) });
export type OwnGiftCardsAnswer = z.infer<typeof OwnGiftCardsAnswerSchema>;

/**
 * "Send as a gift" (issue 35): the order's gift cards are e-mailed to someone else on a date the buyer
 * picks (today or later, while the cards are valid), with the buyer's message, in `locale` (the page's
 * language unless the buyer chose another). Every voucher of the cart must then be a gift card.
 */
export const CartGiftSchema = z
  .object({
    recipientName: z.string().trim().min(1).max(GIFT_NAME_MAX),
    recipientEmail: z.string().trim().max(254).refine(isValidEmail, 'an e-mail address'),
    message: z.string().max(GIFT_MESSAGE_MAX).default(''),
    deliverOn: IsoDateSchema.describe('the calendar date (venue time) the e-mail goes out'),
    locale: LocaleSchema.optional().describe("the e-mail's language; absent: the order's"),
  })
  .meta({ id: 'CartGift' });
export type CartGift = z.input<typeof CartGiftSchema>;

/** A voucher the order issued, as its document shows it (printable with its code as QR and barcode). */
export const IssuedVoucherSchema = z.object({
  reference: z.string(),
  name: LocalizedTextSchema,
  benefit: LocalizedTextSchema,
  terms: LocalizedTextSchema.nullable(),
  isStoredValue: z.boolean(),
  price: Agorot.describe('what was paid for it'),
  value: Agorot.describe('gift cards: the balance it was issued with'),
  uses: z.number().int().nonnegative(),
  startDate: IsoDateTimeSchema,
  endDate: IsoDateTimeSchema,
  date: IsoDateSchema.nullable().describe('dated vouchers: the date it is for'),
});
export type IssuedVoucher = z.infer<typeof IssuedVoucherSchema>;

/* ---------------------------------------------------------------------------------------------------
 * Ticket codes (spec sections 5, 7 and 8): GET /presentations/{id}?ticketCodes=A,B answers the
 * presentation with the tickets the codes unlock.
 */

/**
 * voucher: a ticket voucher pays the tickets it unlocks; partnerCard: a partner program's price;
 * priceCode: a hidden price; giftCard: a stored-value voucher, which pays at the payment step (the shop
 * applies it there by itself) and unlocks no ticket; senior: an ID number the senior registry confirmed
 * (POST /presentations/{id}/senior-lookup, issue 20), whose `uses` are the senior tickets it may still buy.
 */
export const ticketCodeKinds = ['voucher', 'partnerCard', 'priceCode', 'giftCard', 'senior'] as const;
export const TicketCodeKindSchema = z.enum(ticketCodeKinds);
export type TicketCodeKind = z.infer<typeof TicketCodeKindSchema>;

export const RefPromptSchema = z.object({
  label: LocalizedTextSchema,
  options: z.array(z.string()).nullable().describe('the answer must be one of these'),
  pattern: z.string().nullable().describe('a regular expression the answer must match'),
});

/** A ticket a code unlocks, with the price level (ticket group) it belongs to. */
export const CodeTicketSchema = z.object({
  ticketGroupId: z.number().int(),
  ticket: TicketSchema,
  ref1: RefPromptSchema.nullable(),
  ref2: RefPromptSchema.nullable(),
});
export type CodeTicket = z.infer<typeof CodeTicketSchema>;

export const TicketCodeResultSchema = z
  .object({
    code: z.string().describe('the code as the box office keeps it (upper case)'),
    kind: TicketCodeKindSchema,
    name: LocalizedTextSchema.describe("the voucher's, partner program's or price's name"),
    uses: z
      .number()
      .int()
      .nullable()
      .describe('voucher codes: the tickets it still pays for (seats beyond take another ticket)'),
    balance: Agorot.nullable().describe('gift cards: what it can pay now'),
    endDate: IsoDateTimeSchema.nullable(),
    tickets: z.array(CodeTicketSchema),
  })
  .meta({ id: 'TicketCodeResult' });
export type TicketCodeResult = z.infer<typeof TicketCodeResultSchema>;

/** Codes as the query carries them: comma-separated, trimmed, upper-cased, at most 5. */
export const TicketCodesQuerySchema = z
  .string()
  .max(300)
  .transform((s) =>
    [
      ...new Set(
        s
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      ),
    ].slice(0, 5),
  );

/** A code as a seat line carries it (the code that unlocked the seat's ticket). */
export const TicketCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{3,40}$/)
  .transform((s) => s.toUpperCase());

/** GET /presentations/{id}: with `ticketCodes` in the query, the tickets the codes unlock. */
export const PresentationWithCodesSchema = PresentationSchema.extend({
  ticketCodes: z.array(TicketCodeResultSchema).optional(),
}).meta({ id: 'PresentationWithCodes' });
