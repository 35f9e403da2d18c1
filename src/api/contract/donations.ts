import { z } from 'zod';
import { Agorot, Id, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';
import { FeatureCategorySchema } from './presentations.ts';

/** At most this many of one donation line (quantities, spec section 3 donationDetails.selectedQuantity). */
export const DONATION_MAX_QUANTITY = 10;

/**
 * Where a seat order offers a fund (an orchestra's fund with the orchestra's shows): at these venues and
 * in these categories; both empty: with every order. Donated on its own (/donations), any fund is open.
 */
export const DonationScopeSchema = z
  .object({
    venueIds: z.array(z.number().int()),
    categories: z.array(FeatureCategorySchema),
  })
  .meta({ id: 'DonationScope' });
export type DonationScope = z.infer<typeof DonationScopeSchema>;

/** A donation fund for sale (spec section 3: Donation id, Code, donationDetails). */
export const DonationFundSchema = z
  .object({
    id: z.number().int(),
    Code: z.string(),
    name: LocalizedTextSchema,
    description: LocalizedTextSchema,
    amounts: z.array(z.object({ id: z.number().int(), amount: Agorot })).describe('the fixed amounts'),
    customAmount: z
      .object({ min: Agorot, max: Agorot })
      .nullable()
      .describe('the donor may name an amount within these bounds; null: fixed amounts only'),
    scope: DonationScopeSchema.optional().describe(
      "the seat orders that offer it, by a presentation's venue or category; absent: every order",
    ),
  })
  .meta({ id: 'DonationFund' });
export type DonationFund = z.infer<typeof DonationFundSchema>;

/** GET /donations. An empty list is `noDonations` in the shop. */
export const DonationsAnswerSchema = z.object({ donations: z.array(DonationFundSchema) });
export type DonationsAnswer = z.infer<typeof DonationsAnswerSchema>;

/** A donation line of the commit cart (spec section 3: donationDetails id, amount, customAmount, selectedQuantity). */
export const CartDonationSchema = z.object({
  id: Id.describe('the fund'),
  Code: z.string().max(40).optional(),
  donationDetails: z.object({
    id: Id.optional().describe("one of the fund's fixed amounts"),
    amount: Agorot.describe('agorot; only a custom amount is taken as sent, within the bounds'),
    customAmount: z.boolean().default(false),
    selectedQuantity: z.number().int().min(1).max(DONATION_MAX_QUANTITY),
  }),
});
export type CartDonation = z.infer<typeof CartDonationSchema>;

/** A donation line of an order, as its receipt shows it. */
export const OrderDonationSchema = z.object({
  fundId: z.number().int(),
  name: LocalizedTextSchema,
  amount: Agorot,
  quantity: z.number().int(),
  total: Agorot,
});

/** The donation receipt of a paid order (donor, amount, date, receipt number). */
export const DonationReceiptSchema = z.object({
  number: z.string(),
  donorName: z.string(),
  date: IsoDateTimeSchema,
  total: Agorot,
});
