import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CalendarFileSchema, CalendarQuerySchema } from '../../src/api/contract/calendar.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { DocumentParamsSchema } from '../../src/api/contract/order.ts';
import type { PresentationSummary } from '../../src/api/contract/presentations.ts';
import { PresentationParamsSchema } from '../../src/api/contract/presentations.ts';
import { AppError } from '../errors.ts';
import {
  calendarFileName,
  eticketUrl,
  orderCalendarFile,
  presentationCalendarFile,
} from '../services/calendar/calendarFiles.ts';
import { listPresentations } from '../services/catalogue/presentations.ts';
import { isSoldHere } from '../services/catalogue/scope.ts';
import { eDocumentOpenUntil, loadOrderDocument } from '../services/orders/documents.ts';
import { TtlCache } from '../ttlCache.ts';
import { catalogueGeneration } from '../services/catalogue/generation.ts';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** "Add to calendar": a presentation's .ics (its order page) and an order's (its e-ticket). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, settings, config } = app.deps;
  // Every upcoming presentation, on sale or not yet: one read of the board a few seconds.
  const upcoming = new TtlCache<string, PresentationSummary[]>(10_000, () => clock.now(), 2);
  const findUpcoming = async (id: number) => {
    const generation = await catalogueGeneration(db.kysely);
    const all = await upcoming.get(String(generation), () => listPresentations(db.kysely, clock.now()));
    const p = all.find((x) => x.id === id);
    if (!p || !isSoldHere(settings, p))
      throw new AppError('event_not_found', `presentation ${id} is not upcoming`);
    return p;
  };

  app.get(
    '/presentations/:id/calendar.ics',
    {
      schema: {
        tags: ['presentations'],
        summary: 'An upcoming presentation as an iCalendar file (add to calendar)',
        description:
          'One VEVENT in the venue’s time zone (with its VTIMEZONE): title, start and end (start plus ' +
          'duration), the venue and its street address as location (venue and hall when it has none), and ' +
          'the order page as URL. Video on demand: event_not_found.',
        params: PresentationParamsSchema,
        querystring: CalendarQuerySchema,
        produces: ['text/calendar'],
        response: { 200: CalendarFileSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const p = await findUpcoming(request.params.id);
      if (p.isVod) throw new AppError('event_not_found', 'video on demand has no time to keep');
      const locale = request.query.language ?? settings.locales.default;
      const ics = presentationCalendarFile(p, { publicUrl: config.publicUrl, locale, now: clock.now() });
      return reply
        .header('cache-control', 'public, max-age=300')
        .header('content-disposition', `attachment; filename="${calendarFileName(`presentation-${p.id}`)}"`)
        .type(CALENDAR_TYPE)
        .send(ics);
    },
  );

  app.get(
    '/edocument/:documentKey/calendar.ics',
    {
      schema: {
        tags: ['orders'],
        summary: "An order's presentations as an iCalendar file, by the e-ticket's document key",
        description:
          'The file the confirmation e-mail attaches: one VEVENT per presentation (not video on demand), ' +
          'the e-ticket as URL. Opens while the e-ticket does (else 410 edocument_expired).',
        params: DocumentParamsSchema,
        querystring: CalendarQuerySchema,
        produces: ['text/calendar'],
        response: { 200: CalendarFileSchema, '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const now = clock.now();
      const doc = await loadOrderDocument(db.kysely, { documentKey: request.params.documentKey }, now);
      if (!doc) throw new AppError('order_not_found', 'no such electronic ticket');
      const until = await eDocumentOpenUntil(
        db.kysely,
        doc.reservationIdentifier,
        settings.order.eDocumentGraceMinutes,
      );
      if (until !== null && now >= until)
        throw new AppError('edocument_expired', 'this electronic ticket no longer opens', {
          expiredAt: new Date(until).toISOString(),
        });
      const locale = request.query.language ?? doc.locale;
      const url = eticketUrl(doc, config.publicUrl, locale);
      const ics = orderCalendarFile(doc, {
        publicUrl: config.publicUrl,
        locale,
        description: `${doc.reservationIdentifier}\n${url}`,
        now,
      });
      if (!ics) throw new AppError('event_not_found', 'the order holds no presentation with a time');
      return reply
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .header(
          'content-disposition',
          `attachment; filename="${calendarFileName(`order-${doc.reservationIdentifier}`)}"`,
        )
        .type(CALENDAR_TYPE)
        .send(ics);
    },
  );
};
