import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import {
  AdminFeatureSchema,
  AdminFeaturesAnswerSchema,
  AdminPresentationsAnswerSchema,
  AdminPresentationsQuerySchema,
  FeatureCreateSchema,
  FeatureParamsSchema,
  FeatureUpdateSchema,
  ScheduleBodySchema,
  ScheduleCreatedSchema,
  ScheduleImportAnswerSchema,
  ScheduleImportBodySchema,
  SchedulePreviewSchema,
} from '../../../src/api/contract/programmeAdmin.ts';
import { createFeature, listFeatures, updateFeature } from '../../services/catalogue/programme/features.ts';
import { listAdminPresentations } from '../../services/catalogue/programme/presentationsAdmin.ts';
import { importSchedule } from '../../services/catalogue/programme/scheduleImport.ts';
import { createSchedule, previewSchedule } from '../../services/catalogue/programme/schedules.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];
const CATALOGUE = ['manager'] as const;

/** Managers and admins: features (what is shown) and their presentations, one by one or as a schedule. */
export const adminProgrammeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  app.get(
    '/features',
    {
      schema: {
        tags,
        summary: 'Managers: the features (films, concerts, shows) with how many presentations each has',
        response: { 200: AdminFeaturesAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      return { features: await listFeatures(db.kysely) };
    },
  );

  app.post(
    '/features',
    {
      schema: {
        tags,
        summary: 'Managers: adds a feature',
        body: FeatureCreateSchema,
        response: { 201: AdminFeatureSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return reply.code(201).send(await createFeature(db.kysely, actor, request.body, clock.now()));
    },
  );

  app.patch(
    '/features/:id',
    {
      schema: {
        tags,
        summary: 'Managers: changes a feature (its presentations show the change at once)',
        params: FeatureParamsSchema,
        body: FeatureUpdateSchema,
        response: { 200: AdminFeatureSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return updateFeature(db.kysely, actor, request.params.id, request.body, clock.now());
    },
  );

  app.get(
    '/presentations',
    {
      schema: {
        tags,
        summary: 'Managers: the presentations of a range of business dates, of a hall or a feature',
        querystring: AdminPresentationsQuerySchema,
        response: { 200: AdminPresentationsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      return { presentations: await listAdminPresentations(db.kysely, request.query, clock.now()) };
    },
  );

  app.post(
    '/schedules/preview',
    {
      schema: {
        tags,
        summary: 'Managers: the shows a schedule would create, each with what it clashes with; nothing saved',
        body: ScheduleBodySchema,
        response: { 200: SchedulePreviewSchema, ...errors },
      },
    },
    async (request) => {
      await adminCaller(request, CATALOGUE);
      return previewSchedule(db.kysely, request.body, clock.now());
    },
  );

  app.post(
    '/schedules',
    {
      schema: {
        tags,
        summary: 'Managers: creates a schedule’s presentations, all or none (409 schedule_clash)',
        body: ScheduleBodySchema,
        response: { 201: ScheduleCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      const presentations = await createSchedule(db.kysely, actor, request.body, clock.now());
      return reply.code(201).send({ presentations });
    },
  );

  app.post(
    '/schedules/import',
    {
      // A schedule file of a few thousand lines travels as JSON text.
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Managers: a schedule from a CSV file, answered line by line (created, ready or refused)',
        description:
          'Columns: feature, hall, date (the business date), time (HH:MM) and optionally price_levels (names or ids separated by |). ' +
          'Lines that fit are created together; each refused line says why. With dryRun nothing is saved.',
        body: ScheduleImportBodySchema,
        response: { 200: ScheduleImportAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return importSchedule(db.kysely, actor, request.body, clock.now());
    },
  );
};
