import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartAnswerSchema, CartBodySchema } from '../../src/api/contract/cart.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { saveCart } from '../services/cart/cart.ts';
import { requireVisitor } from '../services/visitors/visitor.ts';

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  app.post(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: "Saves the visitor's cart (presentations with seats, vouchers)",
        body: CartBodySchema,
        response: { 200: CartAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request) => saveCart(db.kysely, requireVisitor(request), request.body.cart, clock.now()),
  );
};
