import { randomUUID } from 'node:crypto';
import { type ProviderOrigins, providerOrigins } from '../services/payments/credentials.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { ServerConfig } from '../config.ts';

const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/**
 * What a browser may do on this site: features the shop uses are allowed to itself (the camera: the door
 * page scans tickets with it, issue 37), the rest to no one.
 */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(self), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), ' +
  'usb=(), interest-cohort=(), payment=(self), fullscreen=(self)';

/**
 * Security headers on every answer, written by helmet. The Content-Security-Policy lets scripts come only
 * from this origin (no inline script, no eval: Pixi runs with its unsafe-eval-free build, zod jitless),
 * plus the captcha's origins when a captcha is configured and the payment provider's
 * (CSP_PAYMENT_ORIGINS). Styles may be inline: Mantine sets CSS variables in style attributes and one
 * <style> element. No other site may frame the shop (frame-ancestors 'none'); the sandbox's bank pages,
 * which the shop frames for 3-D Secure, may be framed by the shop itself (`framedBy: 'self'`). HSTS only over HTTPS
 * (COOKIE_SECURE=1).
 *
 * The headers are the same for every answer, so helmet writes them once, at start, and each answer gets
 * the finished set: run per request (as @fastify/helmet does), helmet rebuilt the policy every time and
 * halved the events board's requests per second (bench/hotReads.ts).
 */
export function securityHeaderSet(
  config: ServerConfig,
  framedBy: 'none' | 'self' = 'none',
  provider: ProviderOrigins = { script: [], frame: [], connect: [] },
): Record<string, string> {
  const captcha = Boolean(config.captchaSiteKey);
  const payment = config.paymentOrigins;
  const headers: Record<string, string> = {};
  const collect = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...(captcha ? RECAPTCHA.script : []), ...provider.script],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(captcha ? RECAPTCHA.script : []), ...payment, ...provider.connect],
        workerSrc: ["'self'", 'blob:'],
        // The film's player (hls.js) feeds the video element through Media Source Extensions (a blob: URL)
        // and gives its subtitle tracks an empty data: source.
        mediaSrc: ["'self'", 'blob:', 'data:'],
        frameSrc: ["'self'", ...(captcha ? RECAPTCHA.frame : []), ...payment, ...provider.frame],
        frameAncestors: [`'${framedBy}'`],
        formAction: ["'self'", ...payment],
        manifestSrc: ["'self'"],
        // Browsers report what the policy blocked (routes/cspReport.ts).
        reportUri: ['/api/csp-report'],
        ...(config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The shop embeds nothing cross-origin that would need credentials; COEP off so the captcha loads.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: framedBy === 'self' ? 'sameorigin' : 'deny' },
  })({} as IncomingMessage, collect as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

/**
 * The headers of a JSON answer of the API: it is never a page, so its policy allows nothing at all, and
 * the page-only headers (Permissions-Policy, the cross-origin opener policy …) would only add some 900
 * bytes to every hot read (a fifth of the events board's requests per second, bench/hotReads.ts).
 */
export function apiHeaderSet(config: ServerConfig): Record<string, string> {
  const all = securityHeaderSet(config);
  const keep = [
    'x-content-type-options',
    'referrer-policy',
    'x-frame-options',
    'cross-origin-resource-policy',
  ];
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  for (const name of [...keep, 'strict-transport-security']) if (all[name]) headers[name] = all[name];
  return headers;
}

/**
 * Sends the security headers and the request id on every answer (one hook, nothing computed per
 * request): the page set on the shop, its assets and workers and the API's documentation page; the
 * API set on the API's JSON answers; the page set that the shop may frame on the sandbox's pages (its
 * bank page opens inside the shop's 3-D Secure dialog).
 */
export async function securityHeaders(app: FastifyInstance): Promise<void> {
  const provider = providerOrigins(app.deps.settings.payment.provider, app.deps.config.providers);
  const pages = securityHeaderSet(app.deps.config, 'none', provider);
  const api = apiHeaderSet(app.deps.config);
  const sandbox = securityHeaderSet(app.deps.config, 'self', provider);
  app.addHook('onRequest', (request, reply, done) => {
    if (!SAFE_REQUEST_ID.test(request.id)) request.id = randomUUID();
    const url = request.url;
    reply.headers(
      url.startsWith('/api/') && !url.startsWith('/api/docs')
        ? api
        : url.startsWith('/sandbox/')
          ? sandbox
          : pages,
    );
    reply.header('x-request-id', request.id);
    done();
  });
}
// Without fastify-plugin's symbol the hooks would stay inside its own context.
(securityHeaders as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/** A request id from a proxy is kept only when it is short and plain (it lands in logs and answers). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
