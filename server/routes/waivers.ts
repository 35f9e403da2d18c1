import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../src/api/contract/common.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  SignedWaiverSchema,
  StaffWaiversAnswerSchema,
  StaffWaiversQuerySchema,
  WaiverDocumentQuerySchema,
  WaiverTextSchema,
} from '../../src/api/contract/waiver.ts';
import { waiverSearchRepository } from '../db/repositories/waiverSearch.ts';
import { assertRole, staffOfSession } from '../services/staff/auth.ts';
import { signedWaiver, staffWaivers, waiverOfPresentation } from '../services/waivers/documents.ts';
import { sessionCustomer } from './customer.ts';
import { STAFF_COOKIE } from './staff.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };

/**
 * The liability waiver (issue 18): the text a presentation's orders sign, a signed waiver for its
 * customer (logged in, or with the e-ticket's key) and for staff, and the staff area's list.
 */
export const waiverRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.deps;
  const waiverSearch = waiverSearchRepository(db);
  const staff = (cookie: string | undefined) => staffOfSession(db.kysely, cookie, clock.now());

  app.get(
    '/presentations/:id/waiver',
    {
      schema: {
        tags: ['waiver'],
        summary: "The liability waiver the presentation's orders sign before payment, in every language",
        params: z.object({ id: IdParam }),
        response: { 200: WaiverTextSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return waiverOfPresentation(db.kysely, request.params.id);
    },
  );

  app.get(
    '/orders/:reservationIdentifier/waiver',
    {
      schema: {
        tags: ['waiver'],
        summary: "An order's signed waiver: text, signer, jumpers, signature, time and address",
        description:
          "For the order's customer (logged in), whoever holds the e-ticket's link key `k`, and staff.",
        params: z.object({ reservationIdentifier: z.string().regex(/^[A-Za-z0-9]{4,40}$/) }),
        querystring: WaiverDocumentQuerySchema,
        response: { 200: SignedWaiverSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const isStaff = (await staff(request.cookies[STAFF_COOKIE])) !== null;
      return signedWaiver(db.kysely, request.params.reservationIdentifier, {
        key: request.query.k,
        customerId: isStaff ? null : await sessionCustomer(request),
        isStaff,
      });
    },
  );

  app.get(
    '/staff/waivers',
    {
      schema: {
        tags: ['staff'],
        summary: "Staff: the signed waivers, newest first, by reservation number, signer's or jumper's name",
        querystring: StaffWaiversQuerySchema,
        response: { 200: StaffWaiversAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      assertRole(await staff(request.cookies[STAFF_COOKIE]), ['manager', 'box_office']);
      return staffWaivers(db.kysely, waiverSearch, request.query.q || undefined, request.query.page);
    },
  );
};
