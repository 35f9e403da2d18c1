import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import {
  IdParamsSchema,
  MAX_PLAN_FILE_CHARS,
  PlanCheckAnswerSchema,
  PlanDiffQuerySchema,
  PlanDiffSchema,
  PlanEditsAnswerSchema,
  PlanEditsBodySchema,
  PlanExportQuerySchema,
  PlanFileSchema,
  PresentationSeatplanAnswerSchema,
  PresentationSeatplanBodySchema,
  SeatplanDetailSchema,
  SeatplanVersionSchema,
  SeatplanVersionsAnswerSchema,
} from '../../../src/api/contract/venuesAdmin.ts';
import {
  checkPlanFile,
  copyToDraft,
  deleteDraft,
  editDraft,
  importDraft,
  seatplanDetail,
} from '../../services/catalogue/plans/drafts.ts';
import { diffVersion, exportVersion } from '../../services/catalogue/plans/files.ts';
import { movePresentationToVersion } from '../../services/catalogue/plans/move.ts';
import { publishDraft } from '../../services/catalogue/plans/publish.ts';
import { planSeatsRepository } from '../../db/repositories/planSeats.ts';
import { saleLocksRepository } from '../../db/repositories/saleLocks.ts';
import { listVersions, versionOf } from '../../services/catalogue/plans/versions.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];
const CATALOGUE = ['manager'] as const;
/** A plan file travels as JSON text inside JSON: room for the largest file and its escaping. */
const FILE_BODY_LIMIT = MAX_PLAN_FILE_CHARS * 2;

/** A plan file's JSON body, kept as text: the worker thread reads it (work.ts, importFile). */
class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
const rawBody = (body: unknown): string => (body instanceof RawJson ? body.text : JSON.stringify(body));

/**
 * The file calls validate their params as every call does, and their body on the worker thread: parsing
 * tens of megabytes of JSON here would hold up every other request of this process.
 */
function fileValidator<S>(def: FastifyRouteSchemaDef<S>) {
  if (def.httpPart === 'body') return (data: unknown) => ({ value: data });
  return validatorCompiler(def as unknown as FastifyRouteSchemaDef<z.ZodType>);
}

const ImportAnswerSchema = PlanCheckAnswerSchema.extend({ version: SeatplanVersionSchema });

/** The two calls that carry a plan file, with a JSON parser of their own that keeps the body as text. */
const planFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: FILE_BODY_LIMIT },
    (_req, body, done) => done(null, new RawJson(String(body))),
  );

  app.post(
    '/halls/:id/seatplans/check',
    {
      bodyLimit: FILE_BODY_LIMIT,
      validatorCompiler: fileValidator,
      schema: {
        tags,
        summary: 'Managers: what a plan file would give this hall, its problems and figures; saves nothing',
        params: IdParamsSchema,
        body: PlanFileSchema,
        response: { 200: PlanCheckAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await adminCaller(request, CATALOGUE);
      return checkPlanFile(db.kysely, request.params.id, { body: rawBody(request.body) });
    },
  );

  app.post(
    '/halls/:id/seatplans',
    {
      bodyLimit: FILE_BODY_LIMIT,
      validatorCompiler: fileValidator,
      schema: {
        tags,
        summary:
          'Managers: brings a plan file in as a new draft of the hall’s plan (seatplan_invalid: unusable)',
        params: IdParamsSchema,
        body: PlanFileSchema,
        response: { 201: ImportAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return reply
        .code(201)
        .send(
          await importDraft(
            db.kysely,
            actor,
            request.params.id,
            { body: rawBody(request.body) },
            clock.now(),
          ),
        );
    },
  );
};

/**
 * Managers and admins: a hall's seat plan brought in from a file (the shop's JSON, pretix's, CSV),
 * checked, edited on the map, compared with the published version, published, exported.
 */
export const adminSeatplanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;

  await app.register(planFileRoutes);

  app.get(
    '/halls/:id/seatplans',
    {
      schema: {
        tags,
        summary: 'Managers: the versions of a hall’s plan, newest first',
        params: IdParamsSchema,
        response: { 200: SeatplanVersionsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      return { versions: await listVersions(db.kysely, request.params.id) };
    },
  );

  app.get(
    '/seatplans/:id',
    {
      schema: {
        tags,
        summary: 'Managers: a version with its plan, problems and figures',
        params: IdParamsSchema,
        response: { 200: SeatplanDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      return seatplanDetail(db.kysely, request.params.id);
    },
  );

  app.patch(
    '/seatplans/:id',
    {
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Managers: edits a draft (seat price levels and flags, section and row names)',
        params: IdParamsSchema,
        body: PlanEditsBodySchema,
        response: { 200: PlanEditsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return editDraft(db.kysely, actor, request.params.id, request.body, clock.now());
    },
  );

  app.delete(
    '/seatplans/:id',
    {
      schema: {
        tags,
        summary: 'Managers: throws a draft away',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      await deleteDraft(db.kysely, actor, request.params.id, clock.now());
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/seatplans/:id/copy',
    {
      schema: {
        tags,
        summary: 'Managers: a new draft with the seats of this version (to change a published plan)',
        params: IdParamsSchema,
        response: { 201: SeatplanVersionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return reply.code(201).send(await copyToDraft(db.kysely, actor, request.params.id, clock.now()));
    },
  );

  app.post(
    '/seatplans/:id/publish',
    {
      schema: {
        tags,
        summary: 'Managers: publishes a draft as the hall’s next version; it never changes again',
        params: IdParamsSchema,
        response: { 200: SeatplanVersionSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return publishDraft(db.kysely, planSeatsRepository(db.kysely), actor, request.params.id, clock.now());
    },
  );

  app.get(
    '/seatplans/:id/diff',
    {
      schema: {
        tags,
        summary: 'Managers: seats added, removed, moved and changed against another version of the hall',
        params: IdParamsSchema,
        querystring: PlanDiffQuerySchema,
        response: { 200: PlanDiffSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      reply.header('cache-control', 'private, no-store');
      await versionOf(db.kysely, request.params.id);
      return diffVersion(db.kysely, request.params.id, request.query.against);
    },
  );

  app.get(
    '/seatplans/:id/export',
    {
      schema: {
        tags,
        summary: 'Managers: a version as a file: the shop’s JSON, pretix’s seating-plan JSON or CSV',
        params: IdParamsSchema,
        querystring: PlanExportQuerySchema,
      },
    },
    async (request, reply) => {
      await adminCaller(request, CATALOGUE);
      const file = await exportVersion(db.kysely, request.params.id, request.query.format);
      reply.header('cache-control', 'private, no-store');
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename="${file.filename}"`);
      return reply.send(file.text);
    },
  );

  app.put(
    '/presentations/:id/seatplan',
    {
      schema: {
        tags,
        summary:
          'Managers: moves a presentation to another published version of its hall’s plan, if every sold and held seat is in it unchanged',
        params: IdParamsSchema,
        body: PresentationSeatplanBodySchema,
        response: { 200: PresentationSeatplanAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { actor } = await adminCaller(request, CATALOGUE);
      return movePresentationToVersion(
        db.kysely,
        saleLocksRepository(db),
        actor,
        request.params.id,
        request.body.seatplanId,
        clock.now(),
      );
    },
  );
};
