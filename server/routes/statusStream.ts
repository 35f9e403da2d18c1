import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../src/api/contract/common.ts';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import { assertOnSale } from '../services/catalogue/presentations.ts';

/** A stream whose client stopped reading this much is dropped: it reconnects and reloads the map. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const StatusStreamQuerySchema = z.object({
  presentationId: IdParam,
  since: z.string().max(64).optional().describe('the x-status-version of the map loaded first'),
});

/**
 * The live seat status as server-sent events (issue 12): the first event is either `changes` (all that
 * changed since the version the client has, from `Last-Event-ID` or `since`) or `reset` (reload the map);
 * then `changes` batched at most every 200 ms, from writes on any box-office process.
 */
export const statusStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const { live, clock } = app.deps;

  app.get(
    '/seats/status-stream',
    {
      config: { shared: true },
      schema: {
        tags: ['seats'],
        summary:
          'Server-sent events of a presentation’s seat changes: `changes` {free: {key: "ticketGroup,allocation"}, ' +
          'taken: [key]} and `reset` (reload seats-statusV2); resumable with Last-Event-ID',
        querystring: StatusStreamQuerySchema,
        response: { '4xx': ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { presentationId, since } = request.query;
      const snap = await live.read(presentationId);
      assertOnSale(snap.row, clock.now());
      const lastEventId = request.headers['last-event-id'];
      const resumeFrom = (Array.isArray(lastEventId) ? lastEventId[0] : lastEventId) || since;
      const res = reply.raw;
      const subscriber = {
        write(chunk: string) {
          if (res.destroyed) return;
          if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
          else res.write(chunk);
        },
        close() {
          res.end();
        },
      };
      const { initial, unsubscribe } = await live.subscribe(presentationId, resumeFrom, subscriber);
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: 1000\n\n${initial}`);
      request.raw.socket.setNoDelay(true);
      res.on('close', unsubscribe);
      if (res.destroyed) unsubscribe();
    },
  );
};
