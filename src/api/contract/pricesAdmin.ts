import { z } from 'zod';
import { IdParam, LocalizedTextSchema } from './common.ts';

/**
 * The admin API's prices (issue 34): price lists, each a set of ticket types per price level (the seat
 * plan's ticket groups), reusable across presentations ("evening film", "matinee"); a presentation sells
 * the ticket types of its list, and may have a list of its own (its own prices). Managers and admins.
 * Amounts in minor units (agorot). A change applies to new sales: what was sold keeps its price.
 */

const NameSchema = LocalizedTextSchema.refine(
  (n) => Object.values(n).some((v) => typeof v === 'string' && v.trim() !== ''),
  'a name in at least one language',
).refine((n) => Object.values(n).every((v) => (v ?? '').length <= 120), 'names of at most 120 characters');

const Amount = z.number().int().min(0).max(10_000_000);
const Quantity = z.number().int().min(1).max(100).nullable();

export const AdminTicketTypeSchema = z
  .object({
    id: z.number().int(),
    ticketGroupId: z.number().int().describe('its price level'),
    name: LocalizedTextSchema,
    code: z.string(),
    price: z.number().int(),
    serviceCharge: z.number().int().describe('per ticket; 0: the presentation’s own'),
    minQuantity: z.number().int().nullable(),
    maxQuantity: z.number().int().nullable(),
    multiplyFactor: z.number().int().describe('seats one ticket takes (a family ticket: 4)'),
    kind: z
      .enum(['regular', 'code', 'member', 'partner', 'senior', 'voucher', 'sub'])
      .describe('who may buy it: everyone, or a code, a member, a partner’s card, a senior, a voucher'),
  })
  .meta({ id: 'AdminTicketType' });
export type AdminTicketType = z.infer<typeof AdminTicketTypeSchema>;

export const AdminPriceListSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    presentationId: z.number().int().nullable().describe('the presentation whose own prices these are'),
    presentations: z.number().int().describe('presentations selling from it, past ones included'),
    levels: z.array(
      z.object({ id: z.number().int(), name: LocalizedTextSchema, tickets: z.array(AdminTicketTypeSchema) }),
    ),
  })
  .meta({ id: 'AdminPriceList' });
export type AdminPriceList = z.infer<typeof AdminPriceListSchema>;
export const AdminPriceListsAnswerSchema = z.object({ priceLists: z.array(AdminPriceListSchema) });

export const PriceListCreateSchema = z.object({
  name: NameSchema,
  copyOf: z.number().int().positive().default(1).describe('the list whose ticket types it starts with'),
  priceLevelIds: z
    .array(z.number().int().positive())
    .min(1)
    .max(50)
    .optional()
    .describe('only the ticket types of these price levels; default: all of the copied list'),
});
export type PriceListCreate = z.input<typeof PriceListCreateSchema>;
export const PriceListUpdateSchema = z.object({ name: NameSchema });

const TicketFields = {
  name: NameSchema,
  price: Amount,
  serviceCharge: Amount.describe('per ticket; 0: the presentation’s own'),
  minQuantity: Quantity,
  maxQuantity: Quantity,
};
export const TicketTypeCreateSchema = z
  .object({
    ticketGroupId: z.number().int().positive(),
    ...TicketFields,
    serviceCharge: TicketFields.serviceCharge.default(0),
    minQuantity: Quantity.default(null),
    maxQuantity: Quantity.default(null),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,20}$/)
      .optional()
      .describe('its code in reports and on the ticket; default T and its id'),
    oldPrice: Amount.nullable().default(null).describe('a price before, shown struck through'),
    multiplyFactor: z.number().int().min(1).max(20).default(1).describe('seats one ticket takes'),
    requiredTicketId: z
      .number()
      .int()
      .positive()
      .nullable()
      .default(null)
      .describe('sold only beside this ticket type of the same list and level (a child with an adult)'),
    requiredMinimum: z.number().int().min(1).max(50).default(1).describe('with requiredTicketId: how many'),
    quota: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .nullable()
      .default(null)
      .describe('tickets of this type for sale per presentation; null: no limit'),
    audience: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('everyone') }),
        z.object({ kind: z.literal('senior') }),
        z.object({ kind: z.literal('member'), membershipId: z.number().int().positive() }),
        z.object({ kind: z.literal('miniSite'), miniSiteId: z.number().int().positive() }),
        z.object({
          kind: z.literal('code'),
          priceCode: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9_-]{3,40}$/)
            .describe('the code a customer types to see it (any case)'),
        }),
        z.object({ kind: z.literal('voucher'), voucherClassId: z.number().int().positive() }),
        z.object({ kind: z.literal('partnerProgram'), partnerProgramId: z.number().int().positive() }),
      ])
      .default({ kind: 'everyone' })
      .describe(
        'who may buy it: everyone; a senior the registry confirms; a holder of the membership; the ' +
          'customers a partner’s mini-site sends; whoever types its price code; a holder of a voucher ' +
          'of the class; a member of the partner programme (all but the first hidden from the others)',
      ),
    minAge: z
      .number()
      .int()
      .min(0)
      .max(120)
      .nullable()
      .default(null)
      .describe('the youngest it suits, on the day'),
    maxAge: z
      .number()
      .int()
      .min(0)
      .max(120)
      .nullable()
      .default(null)
      .describe('the oldest it suits, on the day'),
  })
  .refine((t) => t.minQuantity === null || t.maxQuantity === null || t.minQuantity <= t.maxQuantity, {
    message: 'minQuantity above maxQuantity',
    path: ['maxQuantity'],
  })
  .refine((t) => t.minAge === null || t.maxAge === null || t.minAge <= t.maxAge, {
    message: 'minAge above maxAge',
    path: ['maxAge'],
  });
export type TicketTypeFields = z.output<typeof TicketTypeCreateSchema>;
export type TicketTypeCreate = z.input<typeof TicketTypeCreateSchema>;
/** Only what is sent changes. */
export const TicketTypeUpdateSchema = z
  .object(TicketFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type TicketTypeUpdate = z.input<typeof TicketTypeUpdateSchema>;

export const PriceListParamsSchema = z.object({ id: IdParam });

export const AdminProductSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    price: z.number().int(),
    deliveryRequired: z.boolean().describe('sent by post: the order asks for a delivery address'),
    venueIds: z.array(z.number().int()).describe('venues offering it with every presentation of theirs'),
    presentations: z.number().int().describe('presentations offering it on their own'),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof AdminProductSchema>;
export const AdminProductsAnswerSchema = z.object({ products: z.array(AdminProductSchema) });

const ProductFields = {
  name: NameSchema,
  price: Amount,
  deliveryRequired: z.boolean(),
  venueIds: z.array(z.number().int().positive()).max(100),
  presentationIds: z
    .array(z.number().int().positive())
    .max(5000)
    .describe('presentations offering it on their own (replaces the set)'),
};
export const ProductCreateSchema = z.object({
  ...ProductFields,
  deliveryRequired: ProductFields.deliveryRequired.default(false),
  venueIds: ProductFields.venueIds.default([]),
  presentationIds: ProductFields.presentationIds.default([]),
});
export type ProductCreate = z.input<typeof ProductCreateSchema>;
export type ProductFields = z.output<typeof ProductCreateSchema>;
/** Only what is sent changes; `venueIds` and `presentationIds` replace their sets. */
export const ProductUpdateSchema = z
  .object(ProductFields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type ProductUpdate = z.input<typeof ProductUpdateSchema>;

/**
 * An add-on sold with tickets (3D glasses, a cushion): offered with the chosen shows' tickets, each
 * ticket a customer takes with it (preselected or not) at its price per seat.
 */
export const AddonCreateSchema = z.object({
  name: NameSchema,
  price: Amount.describe('per seat, minor units'),
  preselect: z.boolean().default(true).describe('already chosen with each ticket; the customer may drop it'),
  presentationIds: z
    .array(z.number().int().positive())
    .min(1)
    .max(5000)
    .describe('the shows whose tickets offer it: every ticket type for everyone of each show’s price list'),
});
export type AddonCreate = z.input<typeof AddonCreateSchema>;
export const AdminAddonSchema = z
  .object({
    id: z.number().int(),
    name: LocalizedTextSchema,
    offers: z.number().int().describe('ticket types of shows offering it'),
  })
  .meta({ id: 'AdminAddon' });
