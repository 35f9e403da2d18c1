import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CashUpSchema,
  CollectAnswerSchema,
  CollectBodySchema,
  HoldParamsSchema,
  HoldsAnswerSchema,
  HoldsQuerySchema,
  MyShiftAnswerSchema,
  ShiftCloseBodySchema,
  ShiftOpenBodySchema,
  ShiftParamsSchema,
  ShiftsAnswerSchema,
  ShiftsQuerySchema,
} from '../../../src/api/contract/counterShifts.ts';
import { ApiErrorSchema } from '../../../src/api/contract/errors.ts';
import { rateEventsRepository } from '../../db/repositories/rateEvents.ts';
import { AppError } from '../../errors.ts';
import {
  cashUpCsv,
  cashUpFileName,
  closeShift,
  listShifts,
  myOpenShift,
  openShift,
  shiftCashUp,
} from '../../services/counter/cashUp.ts';
import { collectableHolds, collectHold } from '../../services/counter/collect.ts';
import type { Clerk } from '../../services/counter/shifts.ts';
import { countedAttempt } from '../../services/customers/rateLimit.ts';
import type { StaffPrincipal } from '../../services/staff/principal.ts';
import { isUnknownCode, VOUCHER_MISSES_PER_ADDRESS } from '../checkout.ts';
import { adminCaller } from './principal.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };
const tags = ['admin'];
const CLERKS = ['box_office', 'manager'] as const;

/** The staff user at the counter: money goes into a clerk's drawer, and an API token has none. */
function clerkOf(principal: StaffPrincipal): Clerk {
  if (principal.kind !== 'user')
    throw new AppError('counter_clerk_only', 'a staff user logged in at the counter takes the money');
  return { id: principal.id, username: principal.username, displayName: principal.displayName };
}

/** A manager (or an admin, or a manager's token) sees every clerk's shifts; a clerk their own. */
const viewerOf = (p: StaffPrincipal) => ({
  staffId: p.id,
  seesAll: p.role === 'manager' || p.role === 'admin',
});

/**
 * The counter, part 3 (issue 36): hold orders collected and paid at the box office, and each clerk's
 * shift, opened with a float and closed with the cash counted (the cash-up, also as CSV).
 */
export const adminCounterShiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, settings } = app.deps;

  app.get(
    '/counter/holds',
    {
      schema: {
        tags,
        summary: 'Box office: hold orders still to collect (held, before their deadline), newest first',
        querystring: HoldsQuerySchema,
        response: { 200: HoldsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      await adminCaller(request, CLERKS);
      reply.header('cache-control', 'private, no-store');
      return { holds: await collectableHolds(db.kysely, request.query.q, clock.now()) };
    },
  );

  app.post(
    '/counter/holds/:rid/collect',
    {
      schema: {
        tags,
        summary: 'Box office: collects a hold order, paid at the counter; it becomes a paid order',
        description:
          'The payments (cash with what was handed over, a card on the terminal, gift cards, or a mix) must pay ' +
          'the order’s total exactly. Refused after the hold’s deadline (hold_deadline_passed), once collected ' +
          '(hold_already_collected), when cancelled (order_cancelled) or not a hold (hold_not_collectable). A ' +
          'staff user only (counter_clerk_only): the money is counted in their shift.',
        params: HoldParamsSchema,
        body: CollectBodySchema,
        response: { 200: CollectAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { principal, actor } = await adminCaller(request, CLERKS);
      const who = { clerk: clerkOf(principal), actor };
      reply.header('cache-control', 'no-store');
      const deps = {
        db: db.kysely,
        clock,
        holdMinutesBeforeEvent: settings.order.holdMinutesBeforeEvent,
      };
      const collect = () => collectHold(deps, who, request.params.rid, request.body.payments);
      if (!request.body.payments.some((p) => p.method === 'giftCard')) return collect();
      // Gift card codes are bearer secrets, tried here as at the checkout: misses are counted.
      return countedAttempt(
        { db: db.kysely, rateEvents: rateEventsRepository(db) },
        VOUCHER_MISSES_PER_ADDRESS,
        request.clientAddress,
        clock.now(),
        collect,
        isUnknownCode,
      );
    },
  );

  app.get(
    '/counter/shift',
    {
      schema: {
        tags,
        summary: 'Box office: my open shift with its running figures (null when none is open)',
        response: { 200: MyShiftAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { principal } = await adminCaller(request, CLERKS);
      reply.header('cache-control', 'private, no-store');
      return { shift: await myOpenShift(db.kysely, clerkOf(principal)) };
    },
  );

  app.post(
    '/counter/shift/open',
    {
      schema: {
        tags,
        summary: 'Box office: opens my shift with the cash in the drawer',
        description:
          'A shift also opens by itself with the first payment a clerk takes, with no float: opening then sets ' +
          'that shift’s float. A shift open with a float already is refused (shift_already_open).',
        body: ShiftOpenBodySchema,
        response: { 200: CashUpSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { principal, actor } = await adminCaller(request, CLERKS);
      reply.header('cache-control', 'no-store');
      return openShift(
        db.kysely,
        { clerk: clerkOf(principal), actor },
        request.body.openingFloat,
        clock.now(),
      );
    },
  );

  app.post(
    '/counter/shift/close',
    {
      schema: {
        tags,
        summary: 'Box office: closes my shift with the cash counted; answers the cash-up',
        body: ShiftCloseBodySchema,
        response: { 200: CashUpSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { principal, actor } = await adminCaller(request, CLERKS);
      reply.header('cache-control', 'no-store');
      return closeShift(db.kysely, { clerk: clerkOf(principal), actor }, request.body, clock.now());
    },
  );

  app.get(
    '/counter/shifts',
    {
      schema: {
        tags,
        summary:
          'Shifts opened on a range of days, newest first: a manager sees every clerk’s, a clerk their own',
        querystring: ShiftsQuerySchema,
        response: { 200: ShiftsAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { principal } = await adminCaller(request, CLERKS);
      reply.header('cache-control', 'private, no-store');
      return listShifts(db.kysely, viewerOf(principal), request.query, clock.now(), settings.timeZone);
    },
  );

  app.get(
    '/counter/shifts/:id',
    {
      schema: {
        tags,
        summary: 'A shift’s cash-up: sales and refunds by method, cash expected, counted and the difference',
        params: ShiftParamsSchema,
        response: { 200: CashUpSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { principal } = await adminCaller(request, CLERKS);
      reply.header('cache-control', 'private, no-store');
      return shiftCashUp(db.kysely, viewerOf(principal), request.params.id);
    },
  );

  app.get(
    '/counter/shifts/:id.csv',
    {
      schema: {
        tags,
        summary: 'A shift’s cash-up as CSV (UTF-8 with a BOM), one figure a row',
        params: ShiftParamsSchema,
        response: { 200: z.string().meta({ description: 'text/csv' }), ...errors },
      },
    },
    async (request, reply) => {
      const { principal } = await adminCaller(request, CLERKS);
      const cashUp = await shiftCashUp(db.kysely, viewerOf(principal), request.params.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${cashUpFileName(cashUp)}"`)
        .send(cashUpCsv(cashUp));
    },
  );
};
