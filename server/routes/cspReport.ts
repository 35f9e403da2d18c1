import type { FastifyPluginAsync } from 'fastify';
import { Counter } from 'prom-client';
import { SlidingWindow } from '../services/visitors/slidingWindow.ts';

interface LegacyReport {
  'csp-report'?: {
    'violated-directive'?: unknown;
    'effective-directive'?: unknown;
    'blocked-uri'?: unknown;
    'document-uri'?: unknown;
  };
}

/**
 * Where browsers report what the Content-Security-Policy blocked (its `report-uri`): each report is
 * counted (`boxoffice_csp_violations_total` in /metrics, by directive) and logged, at most 30 lines a
 * minute per address. A violation means the shop broke its own policy (or someone injects script):
 * the browser tests fail on any (test/e2e/cspTeardown.ts).
 */
export const cspReportRoutes: FastifyPluginAsync = async (app) => {
  const violations = new Counter({
    name: 'boxoffice_csp_violations_total',
    help: 'Content-Security-Policy violations browsers reported, by directive',
    labelNames: ['directive'] as const,
    registers: [app.metrics.registry],
  });
  const logged = new SlidingWindow(30, 60_000);
  for (const type of ['application/csp-report', 'application/reports+json'])
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, {});
      }
    });
  app.post(
    '/csp-report',
    { config: { shared: true }, bodyLimit: 16 * 1024, schema: { hide: true } },
    async (request, reply) => {
      const report = (request.body as LegacyReport | undefined)?.['csp-report'];
      const directive = String(report?.['effective-directive'] ?? report?.['violated-directive'] ?? 'unknown')
        .split(' ')[0]!
        .slice(0, 40);
      violations.inc({ directive });
      if (logged.hit(request.clientAddress, Date.now()) === null)
        request.log.warn(
          {
            directive,
            blocked: String(report?.['blocked-uri'] ?? '').slice(0, 200),
            page: String(report?.['document-uri'] ?? '').slice(0, 200),
          },
          'content security policy violation',
        );
      return reply.code(204).send();
    },
  );
};
