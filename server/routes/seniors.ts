import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { PresentationParamsSchema } from '../../src/api/contract/presentations.ts';
import { SeniorLookupBodySchema } from '../../src/api/contract/seniors.ts';
import { TicketCodeResultSchema } from '../../src/api/contract/vouchers.ts';
import { getPresentation } from '../services/catalogue/presentations.ts';
import { assertSoldHere } from '../services/catalogue/scope.ts';
import { lookupSenior } from '../services/seniors/lookup.ts';
import type { SeniorRegistry } from '../services/seniors/registry.ts';
import { SandboxSeniorRegistry } from '../services/seniors/sandboxRegistry.ts';

export interface SeniorRouteOptions {
  /** The senior registry; the built-in sandbox when absent (a real registry joins here). */
  registry?: SeniorRegistry;
}

/**
 * Senior-citizen prices (issue 20): the ticket step's ID-number lookup. Guarded like a ticket-code
 * lookup (an issued visitor, rate-limited per visitor and address, the captcha when the venue uses one);
 * the ID number is never cached, logged or stored, only its keyed hash.
 */
export const seniorRoutes: FastifyPluginAsyncZod<SeniorRouteOptions> = async (app, opts) => {
  const { db, clock, settings, authSecret } = app.deps;
  const registry = opts.registry ?? new SandboxSeniorRegistry();

  app.post(
    '/presentations/:id/senior-lookup',
    {
      schema: {
        tags: ['presentations'],
        summary: "Unlock the presentation's senior-citizen prices with an ID number",
        description:
          'Answers a ticket code of kind `senior` (its code is the ID number, 9 digits; `uses`: the senior ' +
          'tickets the ID may still buy here). invalidSSN, seniorBenefitError (reason notFound, notSenior, ' +
          'unavailable), seniorBenefitTicketNotFound, seniorBenefitBalance, seniorLookupDisabled.',
        params: PresentationParamsSchema,
        body: SeniorLookupBodySchema,
        response: { 200: TicketCodeResultSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await app.guardCall('code', request);
      const now = clock.now();
      const p = await getPresentation(db.kysely, request.params.id, now);
      assertSoldHere(settings, p);
      reply.header('cache-control', 'private, no-store');
      return lookupSenior(
        { db: db.kysely, now, settings, secret: authSecret, registry },
        { id: p.id, businessDate: p.businessDate },
        request.body.idNumber,
      );
    },
  );
};
