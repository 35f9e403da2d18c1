import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import { PresentationParamsSchema } from '../../../src/api/contract/programmeAdmin.ts';
import {
  AddonCreateSchema,
  AdminAddonSchema,
  AdminPriceListSchema,
  AdminProductSchema,
  AdminProductsAnswerSchema,
  ProductCreateSchema,
  ProductUpdateSchema,
  AdminPriceListsAnswerSchema,
  AdminTicketTypeSchema,
  PriceListCreateSchema,
  PriceListParamsSchema,
  PriceListUpdateSchema,
  TicketTypeCreateSchema,
  TicketTypeUpdateSchema,
} from '../../../src/api/contract/pricesAdmin.ts';
import {
  createPriceList,
  listPriceLists,
  ownPrices,
  renamePriceList,
} from '../../services/catalogue/prices/priceLists.ts';
import { addTicketType, updateTicketType } from '../../services/catalogue/prices/ticketTypes.ts';
import {
  createProduct,
  listProductsAdmin,
  updateProduct,
} from '../../services/catalogue/products/productsAdmin.ts';
import { createAddon } from '../../services/catalogue/products/addons.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];
const CATALOGUE = ['manager'] as const;

/**
 * Managers and admins: price lists and their ticket types. A change sells at once on every presentation
 * of the list; what was sold keeps its price.
 */
export const adminPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/price-lists',
    {
      schema: {
        tags,
        summary: 'Managers: the price lists with their ticket types by price level',
        response: { 200: AdminPriceListsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      return { priceLists: await listPriceLists(db.kysely) };
    },
  );

  app.post(
    '/price-lists',
    {
      schema: {
        tags,
        summary: 'Managers: a new price list, a copy of another (the standard list by default)',
        body: PriceListCreateSchema,
        response: { 201: AdminPriceListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return reply.code(201).send(await createPriceList(db.kysely, actor, request.body, clock.now()));
    },
  );

  app.patch(
    '/price-lists/:id',
    {
      schema: {
        tags,
        summary: 'Managers: renames a price list',
        params: PriceListParamsSchema,
        body: PriceListUpdateSchema,
        response: { 200: AdminPriceListSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return renamePriceList(db.kysely, actor, request.params.id, request.body.name, clock.now());
    },
  );

  app.post(
    '/price-lists/:id/ticket-types',
    {
      schema: {
        tags,
        summary: 'Managers: adds a ticket type to a price level of a list',
        params: PriceListParamsSchema,
        body: TicketTypeCreateSchema,
        response: { 201: AdminTicketTypeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      const made = await addTicketType(db.kysely, actor, request.params.id, request.body, clock.now());
      return reply.code(201).send(made);
    },
  );

  app.patch(
    '/ticket-types/:id',
    {
      schema: {
        tags,
        summary: 'Managers: changes a ticket type (name, price, service charge, quantities); new sales only',
        params: PriceListParamsSchema,
        body: TicketTypeUpdateSchema,
        response: { 200: AdminTicketTypeSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return updateTicketType(db.kysely, actor, request.params.id, request.body, clock.now());
    },
  );

  app.post(
    '/presentations/:id/own-prices',
    {
      schema: {
        tags,
        summary: 'Managers: gives a presentation prices of its own (a copy of its list only it uses)',
        params: PresentationParamsSchema,
        response: { 200: AdminPriceListSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return ownPrices(db.kysely, actor, request.params.id, clock.now());
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'Managers: products (concessions, merchandise) with their prices and where they are offered',
        response: { 200: AdminProductsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      return { products: await listProductsAdmin(db.kysely) };
    },
  );

  app.post(
    '/products',
    {
      schema: {
        tags,
        summary: 'Managers: adds a product, offered by venues (all their shows) and single presentations',
        body: ProductCreateSchema,
        response: { 201: AdminProductSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return reply.code(201).send(await createProduct(db.kysely, actor, request.body, clock.now()));
    },
  );

  app.patch(
    '/products/:id',
    {
      schema: {
        tags,
        summary:
          'Managers: changes a product (new sales keep to the new price); venueIds, presentationIds replace',
        params: PriceListParamsSchema,
        body: ProductUpdateSchema,
        response: { 200: AdminProductSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return updateProduct(db.kysely, actor, request.params.id, request.body, clock.now());
    },
  );

  app.post(
    '/addons',
    {
      schema: {
        tags,
        summary:
          'Managers: an add-on sold with the tickets of the chosen shows (3D glasses), at its price per seat',
        body: AddonCreateSchema,
        response: { 201: AdminAddonSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return reply.code(201).send(await createAddon(db.kysely, actor, request.body, clock.now()));
    },
  );
};
