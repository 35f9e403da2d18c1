import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parsePosterFile } from '../../src/domain/posters.ts';
import { readPoster } from '../services/catalogue/programme/posters.ts';
import { IMMUTABLE } from '../http/shopPages.ts';

/**
 * A feature's uploaded poster, one size (`/posters/{featureId}/{key}-{size}.{webp|jpg}`): served from the
 * database by any process, cached for a year (a new upload has a new key). A name that is not a poster
 * of this box office is a plain 404.
 */
export const posterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/posters/:featureId/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          featureId: z.coerce.number().int().positive().max(2_147_483_647),
          file: z.string().max(64),
        }),
      },
    },
    async (request, reply) => {
      const name = parsePosterFile(request.params.file);
      const poster = name && (await readPoster(db.kysely, request.params.featureId, name.key, name.size));
      if (!poster) return reply.code(404).header('cache-control', 'no-store').send();
      const etag = `"${name.key}-${name.size}"`;
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(poster.contentType).send(poster.bytes);
    },
  );
};
