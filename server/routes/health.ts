import type { FastifyPluginAsync } from 'fastify';

/**
 * For load balancers and orchestrators, outside /api:
 * - GET /healthz: the process is alive and answering (no database call).
 * - GET /readyz: it can serve: the database answers and every migration this code knows has run.
 *   503 with the reason otherwise (and while the process shuts down, Fastify answers 503 by itself).
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps;
  app.get('/healthz', { config: { shared: true }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { config: { shared: true }, schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      // Reading the migration table is the database check too.
      const pending = await db.pendingMigrations();
      if (pending.length > 0)
        return reply.code(503).send({ status: 'not_ready', pendingMigrations: pending });
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'readiness: database unreachable');
      return reply.code(503).send({ status: 'not_ready', reason: 'database unreachable' });
    }
  });
};
