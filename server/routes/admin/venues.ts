import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import {
  AdminHallSchema,
  AdminVenueSchema,
  AdminVenuesAnswerSchema,
  HallCreateSchema,
  HallUpdateSchema,
  IdParamsSchema,
  PriceLevelsAnswerSchema,
  VenueCreateSchema,
  VenueUpdateSchema,
} from '../../../src/api/contract/venuesAdmin.ts';
import {
  createHall,
  createVenue,
  listAdminVenues,
  renameHall,
  updateVenue,
} from '../../services/catalogue/venuesAdmin.ts';
import { listPriceLevels } from '../../services/catalogue/plans/versions.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];
const CATALOGUE = ['manager'] as const;

/** Managers and admins: venues (names, street address, online sales) and their halls. */
export const adminVenueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/venues',
    {
      schema: {
        tags,
        summary: 'Managers: the venues, their halls and each hall’s published seat plan',
        response: { 200: AdminVenuesAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      return { venues: await listAdminVenues(db.kysely) };
    },
  );

  app.get(
    '/price-levels',
    {
      schema: {
        tags,
        summary: 'Managers: the price levels a seat plan may give its seats, with their names',
        response: { 200: PriceLevelsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      return { priceLevels: await listPriceLevels(db.kysely) };
    },
  );

  app.post(
    '/venues',
    {
      schema: {
        tags,
        summary: 'Managers: adds a venue',
        body: VenueCreateSchema,
        response: { 201: AdminVenueSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return reply.code(201).send(await createVenue(db.kysely, actor, request.body, clock.now()));
    },
  );

  app.patch(
    '/venues/:id',
    {
      schema: {
        tags,
        summary:
          'Managers: renames a venue, sets its street address, turns booking through the site on or off',
        params: IdParamsSchema,
        body: VenueUpdateSchema,
        response: { 200: AdminVenueSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return updateVenue(db.kysely, actor, request.params.id, request.body, clock.now());
    },
  );

  app.post(
    '/venues/:id/halls',
    {
      schema: {
        tags,
        summary: 'Managers: adds a hall to a venue (its seat plan is imported next)',
        params: IdParamsSchema,
        body: HallCreateSchema,
        response: { 201: AdminHallSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return reply
        .code(201)
        .send(await createHall(db.kysely, actor, request.params.id, request.body, clock.now()));
    },
  );

  app.patch(
    '/halls/:id',
    {
      schema: {
        tags,
        summary: 'Managers: renames a hall',
        params: IdParamsSchema,
        body: HallUpdateSchema,
        response: { 200: AdminHallSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return renameHall(db.kysely, actor, request.params.id, request.body, clock.now());
    },
  );
};
