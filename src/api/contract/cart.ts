import { z } from 'zod';
import { Id, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';
import { CustomerInfoSchema } from './order.ts';

export const CartPresentationSchema = z.object({
  presentationId: Id,
  seats: z.array(z.object({ sectionId: Id, x: z.number().int(), y: z.number().int() })).max(100),
});

/**
 * The customer details the cart keeps between orders of one session (spec section 4: "Reset clears the
 * cart, optionally keeping customer info"). Never card data; the confirmations are not kept.
 */
export const CartCustomerInfoSchema = CustomerInfoSchema.omit({
  emailConfirmation: true,
  mobileNumberConfirmation: true,
  termsAccepted: true,
});

export const CartBodySchema = z.object({
  cart: z.object({
    presentations: z.array(CartPresentationSchema).max(20),
    vouchers: z.array(z.object({ id: Id, quantity: z.number().int().positive().max(10) })).max(20),
    customerInfo: CartCustomerInfoSchema.nullable().optional(),
  }),
  uuid: z.uuid().optional(),
});
export type CartBody = z.infer<typeof CartBodySchema>;

export const CartAnswerSchema = z
  .object({
    cart: CartBodySchema.shape.cart,
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Cart' });

/** A presentation of the restored cart: what the shop shows of it, and the seats the visitor holds now. */
export const StoredCartPresentationSchema = CartPresentationSchema.extend({
  venueTypeId: z.number().int(),
  authProfileId: z.number().int(),
  businessId: z.number().int(),
  venueId: z.number().int(),
  seatplanId: z.number().int(),
  title: LocalizedTextSchema,
  dateTime: IsoDateTimeSchema,
});

/**
 * GET /cart: the visitor's cart as the box office keeps it (a reload or a second tab restores it). Its
 * seats are those the visitor still holds: a lapsed hold has left the cart; presentations no longer on
 * sale have left it too.
 */
export const StoredCartAnswerSchema = z
  .object({
    cart: z.object({
      presentations: z.array(StoredCartPresentationSchema),
      vouchers: CartBodySchema.shape.cart.shape.vouchers,
      customerInfo: CartCustomerInfoSchema.nullable(),
    }),
    updatedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'StoredCart' });
export type StoredCart = z.infer<typeof StoredCartAnswerSchema>['cart'];
