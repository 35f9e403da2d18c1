import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import {
  AdminFeatureSchema,
  AdminFeaturesAnswerSchema,
  AdminPresentationsAnswerSchema,
  AdminPresentationSchema,
  AdminPresentationsQuerySchema,
  CallOffProgressSchema,
  FeatureCreateSchema,
  FeatureParamsSchema,
  FeatureUpdateSchema,
  PosterUploadSchema,
  PresentationParamsSchema,
  PresentationUpdateSchema,
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
import { callOffProgress, requestCallOff, runCallOffs } from '../../services/catalogue/programme/callOff.ts';
import { updatePresentation } from '../../services/catalogue/programme/presentationEdit.ts';
import { removePoster, savePoster } from '../../services/catalogue/programme/posters.ts';
import { saleLocksRepository } from '../../db/repositories/saleLocks.ts';
import { AdminSaleOptionsSchema } from '../../../src/api/contract/saleOptionsAdmin.ts';
import { saleOptions } from '../../services/catalogue/saleOptions.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];
const CATALOGUE = ['manager'] as const;

/** Managers and admins: features (what is shown) and their presentations, one by one or as a schedule. */
export const adminProgrammeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const callOffDeps = { db: db.kysely, provider: app.deps.payments, now: () => clock.now(), log: app.log };

  app.get(
    '/sale-options',
    {
      schema: {
        tags,
        summary:
          'Managers: the waivers, mini-sites, memberships, voucher classes and partner programmes to choose',
        response: { 200: AdminSaleOptionsSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      return saleOptions(db.kysely);
    },
  );

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

  app.put(
    '/features/:id/poster',
    {
      // A poster of up to 8 MB travels as base64 in JSON.
      bodyLimit: 12 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Managers: uploads a feature’s poster (JPEG, PNG or WebP), drawn in the shop’s sizes',
        description:
          'Checked by content, not name: 415 poster_type_invalid, 413 poster_too_large (8 MB), 422 ' +
          'poster_too_small (under 240×360) or poster_unreadable. Cropped to 2:3; the board shows it at once.',
        params: FeatureParamsSchema,
        body: PosterUploadSchema,
        response: { 200: AdminFeatureSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      const { id } = request.params;
      await savePoster(db.kysely, actor, id, Buffer.from(request.body.image, 'base64'), clock.now());
      const [feature] = await listFeatures(db.kysely, id);
      return feature!;
    },
  );

  app.delete(
    '/features/:id/poster',
    {
      schema: {
        tags,
        summary: 'Managers: takes a feature’s uploaded poster away',
        params: FeatureParamsSchema,
        response: { 200: AdminFeatureSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      const { id } = request.params;
      await removePoster(db.kysely, actor, id, clock.now());
      const [feature] = await listFeatures(db.kysely, id);
      return feature!;
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

  app.patch(
    '/presentations/:id',
    {
      schema: {
        tags,
        summary: 'Managers: changes or moves a presentation (its customers are told of a move)',
        description:
          'Only what is sent changes. A move is checked against the hall’s other shows (409 schedule_clash), ' +
          'keeps the sale’s close as far from the start as it was, and queues an e-mail and SMS to every ' +
          'customer holding tickets. A service charge applies to new sales only. 410 presentation_called_off, ' +
          '409 presentation_started (a move once it has begun), 400 sale_window_invalid, schedule_in_past. ' +
          '`seatplanId` moves it to another published version of its hall’s plan: 409 seatplan_not_of_hall, ' +
          'seatplan_seats_in_use (a seat sold or held is missing or changed there), 400 price_level_not_in_plan ' +
          '(a price level it sells has no seat there), 404 seatplan_not_found. `capacity` (general admission ' +
          'only, 400 capacity_not_general_admission) sells the first N online places in plan order: 400 ' +
          'capacity_above_plan (params.planCapacity), 409 capacity_below_sold (params.leastCapacity).',
        params: PresentationParamsSchema,
        body: PresentationUpdateSchema,
        response: { 200: AdminPresentationSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return updatePresentation(
        db.kysely,
        actor,
        request.params.id,
        request.body,
        clock.now(),
        app.deps.settings.order.holdMinutesBeforeEvent,
        saleLocksRepository(db),
      );
    },
  );

  app.post(
    '/presentations/:id/call-off',
    {
      schema: {
        tags,
        summary: 'Managers: calls a presentation off; its orders are cancelled and refunded in full (a job)',
        description:
          'Sales stop at once. Every order holding its tickets is then cancelled and refunded to each of its ' +
          'payments (gift cards back to their balance; cash at the box office), and its customer gets an e-mail ' +
          'and SMS. Answers 202 with the progress, which GET …/call-off follows. 409 presentation_started, ' +
          '410 presentation_called_off (already).',
        params: PresentationParamsSchema,
        response: { 202: CallOffProgressSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      await requestCallOff(db.kysely, actor, request.params.id, clock.now());
      // The job starts now on this process; any process's next round resumes it after a crash.
      void runCallOffs(callOffDeps).catch((err: unknown) =>
        app.log.warn({ err }, 'calling a presentation off goes on in the next round'),
      );
      return reply.code(202).send(await callOffProgress(db.kysely, request.params.id));
    },
  );

  app.get(
    '/presentations/:id/call-off',
    {
      schema: {
        tags,
        summary: 'Managers: how far calling a presentation off has got',
        params: PresentationParamsSchema,
        response: { 200: CallOffProgressSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      return callOffProgress(db.kysely, request.params.id);
    },
  );
};
