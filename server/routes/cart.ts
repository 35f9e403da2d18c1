import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartAnswerSchema, CartBodySchema, StoredCartAnswerSchema } from '../../src/api/contract/cart.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { loadCart, saveCart } from '../services/cart/cart.ts';
import { requireVisitor } from '../services/visitors/visitor.ts';

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  app.post(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: "Saves the visitor's cart (presentations with seats, vouchers, the customer's details)",
        body: CartBodySchema,
        response: { 200: CartAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request) => saveCart(db.kysely, requireVisitor(request), request.body.cart, clock.now()),
  );
  app.get(
    '/cart',
    {
      schema: {
        tags: ['cart'],
        summary: "The visitor's cart, with the seats held now (a reload or a second tab restores it)",
        response: { 200: StoredCartAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request) => loadCart(db.kysely, requireVisitor(request), clock.now()),
  );
};
