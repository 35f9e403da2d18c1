import { z } from 'zod';
import { Agorot, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';
import { CounterPaymentsSchema } from './counter.ts';

/**
 * The counter (issue 36, part 3): hold orders collected and paid at the box office, and each clerk's
 * shift, counted at cash-up. Staff users with the box-office or manager role; money is taken by a staff
 * user only (an API token has no drawer: counter_clerk_only), while a manager's token may read shifts.
 */

const Rid = z.string().regex(/^[A-Z0-9]{6,20}$/);
const Money = z.number().int().meta({ description: 'Amount in minor units (agorot); may be negative' });

export const HoldsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('a reservation number, a name, an Israeli mobile number (any spelling) or an e-mail'),
});
export type HoldsQuery = z.input<typeof HoldsQuerySchema>;

export const HoldTicketSchema = z.object({
  presentationId: z.number().int(),
  title: LocalizedTextSchema,
  startsAt: IsoDateTimeSchema,
  section: z.string(),
  row: z.string(),
  seat: z.string(),
  /** What the seat costs with its add-ons (a hold carries no service charge). */
  price: Agorot,
});

export const HoldProductSchema = z.object({
  name: LocalizedTextSchema,
  quantity: z.number().int(),
  unitPrice: Agorot,
});

/** A hold order still to collect: held, its deadline not passed. */
export const CollectableHoldSchema = z
  .object({
    reservationIdentifier: z.string(),
    customerName: z.string(),
    mobileNumber: z.string().nullable(),
    email: z.string().nullable(),
    createdAt: IsoDateTimeSchema,
    holdDeadline: IsoDateTimeSchema,
    total: Agorot,
    tickets: z.array(HoldTicketSchema),
    products: z.array(HoldProductSchema),
  })
  .meta({ id: 'CollectableHold' });
export type CollectableHold = z.infer<typeof CollectableHoldSchema>;

export const HoldsAnswerSchema = z.object({
  holds: z.array(CollectableHoldSchema).describe('newest first, at most 50'),
});

export const HoldParamsSchema = z.object({ rid: Rid });

export const CollectBodySchema = z.object({ payments: CounterPaymentsSchema });
export type CollectBody = z.infer<typeof CollectBodySchema>;

export const CollectAnswerSchema = z.object({
  reservationIdentifier: z.string(),
  state: z.literal('paid'),
  total: Agorot,
  /** Cash to hand back: tendered beyond the cash payment. */
  change: Agorot,
  shiftId: z.string(),
});
export type CollectAnswer = z.infer<typeof CollectAnswerSchema>;

// --- Shifts and cash-up ---------------------------------------------------------------------------------

const Tally = z.object({ count: z.number().int().nonnegative(), amount: Agorot });

export const ShiftIdSchema = z.string().regex(/^sh_[A-Za-z0-9_-]{6,40}$/);

/**
 * A shift's cash-up: what the clerk took by method, what they gave back at the counter, and the cash that
 * should be in the drawer: the opening float + cash taken − cash given back (a cash payment's amount is
 * what stayed in the drawer: the change is already netted). Running figures while the shift is open.
 */
export const CashUpSchema = z
  .object({
    id: z.string(),
    staffId: z.string(),
    staffName: z.string(),
    openedAt: IsoDateTimeSchema,
    closedAt: IsoDateTimeSchema.nullable(),
    openingFloat: Agorot,
    sales: z.object({
      cash: Tally,
      cardPresent: Tally,
      giftCard: Tally,
      total: Tally,
    }),
    /** Change handed back from cash tendered (for the record; cash sales are already net of it). */
    changeGiven: Agorot,
    refunds: z.object({
      cash: Tally,
      cardPresent: Tally,
      /** Given back at the counter another way (to a gift card, through the card's acquirer). */
      other: Tally,
      total: Tally,
    }),
    cashExpected: Money,
    countedCash: Agorot.nullable(),
    /** Counted − expected (negative: cash missing); null while the shift is open. */
    difference: Money.nullable(),
    note: z.string().nullable(),
    /** Orders the shift took money for, and their valid tickets. */
    orders: z.number().int().nonnegative(),
    tickets: z.number().int().nonnegative(),
  })
  .meta({ id: 'CashUp' });
export type CashUp = z.infer<typeof CashUpSchema>;

export const MyShiftAnswerSchema = z.object({ shift: CashUpSchema.nullable() });

export const ShiftOpenBodySchema = z.object({
  openingFloat: Agorot.max(100_000_000).describe('cash in the drawer as the shift begins'),
});
export type ShiftOpenBody = z.infer<typeof ShiftOpenBodySchema>;

export const ShiftCloseBodySchema = z.object({
  countedCash: Agorot.max(100_000_000).describe('the cash the clerk counted in the drawer'),
  note: z.string().trim().max(500).optional(),
});
export type ShiftCloseBody = z.infer<typeof ShiftCloseBodySchema>;

export const ShiftsQuerySchema = z.object({
  from: z.string().max(10).optional().describe('first day (YYYY-MM-DD, venue time) a shift opened on'),
  to: z.string().max(10).optional().describe('last day, inclusive'),
});
export type ShiftsQuery = z.input<typeof ShiftsQuerySchema>;

export const ShiftsAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  shifts: z.array(CashUpSchema).describe('newest first'),
});

export const ShiftParamsSchema = z.object({ id: ShiftIdSchema });
