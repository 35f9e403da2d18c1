import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../src/api/contract/errors.ts';
import {
  VodHeartbeatAnswerSchema,
  VodHeartbeatBodySchema,
  VodParamsSchema,
  VodPlayAnswerSchema,
  VodPlayBodySchema,
  VodQuerySchema,
  VodStreamParamsSchema,
  VodViewingSchema,
} from '../../src/api/contract/vod.ts';
import { ownedRental, viewingOf } from '../services/vod/access.ts';
import { mediaFile } from '../services/vod/media.ts';
import { heartbeat, startPlay, streamOf, type VodDeps } from '../services/vod/plays.ts';
import { streamKey } from '../services/vod/tokens.ts';
import { sessionCustomer } from './customer.ts';

const errors = { '4xx': ApiErrorSchema, '5xx': ApiErrorSchema };

/**
 * Video on demand (issue 17): a purchase's viewing page, the start of a play, the player's heartbeat,
 * and the film's HLS package behind a signed, short-lived stream token. Only the purchase's owner (the
 * logged-in customer whose order it is, or whoever holds its link key) sees or plays it.
 */
export const vodRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config, authSecret } = app.deps;
  const deps: VodDeps = {
    db: db.kysely,
    now: () => clock.now(),
    key: streamKey(authSecret),
    tokenSeconds: config.vodTokenSeconds,
    graceSeconds: config.vodPlayGraceSeconds,
  };

  app.get(
    '/vod/:resId/:vodId',
    {
      schema: {
        tags: ['video on demand'],
        summary: 'A video purchase for its viewing page: window, status, plays used and left, last playback',
        description: 'For the customer whose order it is (logged in) or with the purchase’s link key `k`.',
        params: VodParamsSchema,
        querystring: VodQuerySchema,
        response: { 200: VodViewingSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const row = await ownedRental(db.kysely, {
        ...request.params,
        key: request.query.k,
        customerId: await sessionCustomer(request),
      });
      return viewingOf(row, clock.now());
    },
  );

  app.post(
    '/vod/:resId/:vodId/play',
    {
      schema: {
        tags: ['video on demand'],
        summary: 'Starts playback: counts a play (or goes on with the one under way) and opens the stream',
        description:
          'A play is counted once, when playback starts; the same viewer back within the grace period ' +
          '(VOD_PLAY_GRACE_SECONDS, with its `playId`) goes on without using one. Each start opens a new ' +
          'stream and stops any other device’s. Refused outside the window and with no plays left.',
        params: VodParamsSchema,
        body: VodPlayBodySchema,
        response: { 200: VodPlayAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startPlay(
        deps,
        { ...request.params, key: request.body.k, customerId: await sessionCustomer(request) },
        request.body,
      );
    },
  );

  app.post(
    '/vod/heartbeat',
    {
      schema: {
        tags: ['video on demand'],
        summary: 'The player still plays: renews its stream token, or says another device took over',
        body: VodHeartbeatBodySchema,
        response: { 200: VodHeartbeatAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return heartbeat(deps, request.body.token);
    },
  );

  app.get(
    '/vod/stream/:token/*',
    {
      // Segments are compressed video already; playlists and subtitles are a few hundred bytes.
      compress: false,
      schema: {
        tags: ['video on demand'],
        summary: 'A playlist, segment or subtitle file of the film, behind a stream token',
        description:
          'Expired or altered tokens: 403 vod_token_invalid; a stream another device has taken over: 409.',
        params: VodStreamParamsSchema,
      },
    },
    async (request, reply) => {
      const { media } = await streamOf(deps, request.params.token);
      const file = await mediaFile(config.vodMediaDir, media, request.params['*']);
      reply.header('content-type', file.type);
      reply.header('cache-control', file.isPlaylist ? 'private, no-store' : 'private, max-age=300');
      return reply.send(file.body);
    },
  );
};
