import { z } from 'zod';
import { Id } from './common.ts';

export const CartPresentationSchema = z.object({
  presentationId: Id,
  seats: z.array(z.object({ sectionId: Id, x: z.number().int(), y: z.number().int() })).max(100),
});

export const CartBodySchema = z.object({
  cart: z.object({
    presentations: z.array(CartPresentationSchema).max(20),
    vouchers: z.array(z.object({ id: Id, quantity: z.number().int().positive().max(10) })).max(20),
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
