import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MailOutboxAnswerSchema } from '../../src/api/contract/customer.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';

/**
 * Development only (DEV_OUTBOX=1, no SMTP_URL, never in production): the mail the outbox sender kept
 * instead of sending, newest first, as /dev/mail-outbox shows it.
 */
export const mailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mail } = app.deps;
  if (!config.mailOutbox || mail.name !== 'outbox') return;
  app.get(
    '/dev/mail-outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Development only: the e-mail the outbox sender kept, newest first',
        querystring: z.object({ to: z.string().max(200).optional() }),
        response: { 200: MailOutboxAnswerSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      let q = db.kysely
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject', 'text', 'ics', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(50);
      const to = request.query.to?.trim().toLowerCase();
      if (to) q = q.where((eb) => eb(eb.fn('lower', ['to_address']), '=', to));
      const rows = await q.execute();
      return {
        messages: rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          text: r.text,
          ics: r.ics,
          createdAt: new Date(Number(r.created_at)).toISOString(),
        })),
      };
    },
  );
};
