import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { CUSTOMER_COOKIE } from '../routes/customer.ts';
import { STAFF_COOKIE } from '../routes/staff.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-origin requests on cookie sessions (issue 32). The customer's and the staff's session cookies
 * are SameSite=Strict, which keeps them off requests from other *sites* only: another origin of the
 * same site (another port, a sibling subdomain such as the venue's blog) still gets them, and a form
 * there can post to the box office without any script (`text/plain`, no preflight). So every
 * state-changing API call that carries one of these cookies must
 * - come from the shop's own origin: its `Origin` header (every browser sends one on such a request)
 *   names `PUBLIC_URL`'s origin, one of `ALLOWED_ORIGINS`, or the very host the request was sent to (the
 *   shop and its API are one origin, so `npm start` opened as 127.0.0.1 or a LAN address works too; a
 *   page elsewhere cannot make a browser send another host's name). Without `Origin`, `Sec-Fetch-Site`
 *   must not say `cross-site` or `same-site`. Refused with 403 `cross_origin_refused`;
 * - carry a JSON body (`Content-Type: application/json`; `{}` where the call needs none): a form cannot
 *   send one, and a script on another origin cannot either without a CORS preflight, which the box office
 *   never grants. Refused with 415 `json_body_required`.
 * A call with neither cookie acts for nobody, so it is not asked (a payment provider's callback, an API
 * client, the visitor calls that carry the uuid in a header, which no form can set).
 * Registered in the API's scope as an onRequest hook: the refusal comes before the body is read.
 */
export function originGuard(api: FastifyInstance): void {
  const { publicUrl, allowedOrigins } = api.deps.config;
  const allowed = new Set([new URL(publicUrl).origin, ...allowedOrigins]);
  api.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!request.cookies[CUSTOMER_COOKIE] && !request.cookies[STAFF_COOKIE]) return;
    if (!fromOwnOrigin(request, allowed))
      throw new AppError('cross_origin_refused', 'this call is accepted only from the shop’s own pages');
    if (!isJson(request.headers['content-type']))
      throw new AppError('json_body_required', 'send the call as JSON (Content-Type: application/json)');
  });
}

function fromOwnOrigin(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (allowed.has(origin)) return true;
    try {
      // `request.host` is the Host header (X-Forwarded-Host through a trusted proxy); read in the
      // origin's scheme so that a default port written out (`localhost:80`) still matches.
      const from = new URL(origin);
      return from.host === new URL(`${from.protocol}//${request.host}`).host;
    } catch {
      return false; // "null" (a sandboxed frame, a data: page) or garbage
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site !== 'cross-site' && site !== 'same-site';
}

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}
