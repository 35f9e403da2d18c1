import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FormObject, parseStripeForm, str } from './form.ts';
import { StripeLedger } from './ledger.ts';
import { StripeError, stripeId, wire } from './objects.ts';
import { hostedPage, threeDsPage } from './pages.ts';
import { paymentElementPage, STRIPE_JS } from './stripeJs.ts';

/** A request as the local server received it: what the adapter's tests assert on. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  form: FormObject;
}

export interface LocalStripe {
  url: string;
  ledger: StripeLedger;
  requests: RecordedRequest[];
  /** Every webhook event sent, in order. */
  events: { id: string; type: string; object: unknown }[];
  /** The next `times` API calls are answered 500 (Stripe's api_error), or never answered (a timeout). */
  failNext(kind: 'error' | 'hang', times?: number): void;
  /** The next `times` API calls are carried out, then never answered: Stripe approved, the box office never heard. */
  dropNextAnswer(times?: number): void;
  /** Webhooks go here, signed with `secret`; `twice` delivers each event twice. */
  webhooks(opts: { url: string; secret: string; twice?: boolean } | null): void;
  close(): Promise<void>;
}

const API_VERSION = '2026-10-28.endive';

/**
 * A local server that speaks Stripe's documented wire format (issue 38), for the tests and for trying the
 * shop with the Stripe adapter without the internet: the REST API as Stripe's official library calls it
 * (form-encoded bodies, Bearer secret key, Idempotency-Key: the same key answers the first answer again,
 * and a key reused with other parameters is refused), the issuer's 3-D Secure page, the Checkout page,
 * and webhook events signed as Stripe signs them (Stripe-Signature: t=…,v1=HMAC-SHA256 of "t.body").
 */
export async function startLocalStripe(opts: { port?: number } = {}): Promise<LocalStripe> {
  let base = '';
  const ledger = new StripeLedger(() => base);
  const requests: RecordedRequest[] = [];
  const events: LocalStripe['events'] = [];
  const idempotent = new Map<string, { body: string; status: number; answer: string }>();
  let fail: 'error' | 'hang' | 'drop' | null = null;
  let failTimes = 0;
  let hooks: { url: string; secret: string; twice?: boolean } | null = null;
  const hanging = new Set<ServerResponse>();

  async function emit(type: string, object: object): Promise<void> {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      data: { object: wire(object) },
    };
    events.push({ id: event.id, type, object: event.data.object });
    if (!hooks) return;
    const { url, secret, twice } = hooks;
    const payload = JSON.stringify(event);
    for (let i = 0; i < (twice ? 2 : 1); i++) {
      const t = Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
        body: payload,
      }).catch(() => undefined);
    }
  }

  /** The API's routes: [status, answer, events to send after answering]. */
  function api(
    method: string,
    path: string,
    query: URLSearchParams,
    form: FormObject,
  ): [number, unknown, [string, object][]] {
    const seg = path.split('/').filter(Boolean).slice(1);
    const expand = (pi: ReturnType<StripeLedger['intent']>) =>
      (form.expand as string[] | undefined)?.includes('payment_method') ||
      query.getAll('expand[]').includes('payment_method')
        ? {
            ...wire(pi),
            payment_method: pi.payment_method ? wire(ledger.paymentMethod(pi.payment_method)) : null,
          }
        : wire(pi);
    const intentEvents = (pi: ReturnType<StripeLedger['intent']>): [string, object][] =>
      pi.status === 'succeeded'
        ? [['payment_intent.succeeded', pi]]
        : pi.status === 'requires_action'
          ? [['payment_intent.requires_action', pi]]
          : [];
    const key = `${method} ${seg.join('/')}`;
    if (key === 'POST customers') {
      const c = {
        id: stripeId('cus'),
        object: 'customer' as const,
        metadata: (form.metadata as Record<string, string>) ?? {},
      };
      ledger.customers.set(c.id, c);
      return [200, c, []];
    }
    if (key === 'POST payment_methods') return [200, wire(ledger.createPaymentMethod(form)), []];
    if (key === 'POST confirmation_tokens') return [200, wire(ledger.createConfirmationToken(form)), []];
    if (method === 'GET' && seg[0] === 'payment_methods' && seg[1])
      return [200, wire(ledger.paymentMethod(seg[1])), []];
    if (method === 'POST' && seg[0] === 'payment_methods' && seg[2] === 'detach') {
      const pm = ledger.paymentMethod(seg[1]!);
      pm.customer = null;
      return [200, wire(pm), []];
    }
    if (key === 'GET payment_intents/search') {
      const m = /^metadata\['(\w+)'\]:'([^']*)'$/.exec(query.get('query') ?? '');
      if (!m)
        throw new StripeError(400, {
          type: 'invalid_request_error',
          code: 'parameter_invalid',
          param: 'query',
          message: 'Invalid search query.',
        });
      const data = [...ledger.intents.values()]
        .filter((pi) => pi.metadata[m[1]!] === m[2])
        .map((pi) => wire(pi));
      return [
        200,
        {
          object: 'search_result',
          url: '/v1/payment_intents/search',
          has_more: false,
          next_page: null,
          data,
        },
        [],
      ];
    }
    if (key === 'POST payment_intents') {
      try {
        const pi = ledger.createIntent(form);
        return [200, expand(pi), intentEvents(pi)];
      } catch (err) {
        const pi = err instanceof StripeError ? err.body.payment_intent : undefined;
        if (pi) (err as StripeError).body.payment_intent = wire(ledger.intent(pi.id)) as typeof pi;
        throw Object.assign(err as Error, {
          events: pi ? [['payment_intent.payment_failed', ledger.intent(pi.id)]] : [],
        });
      }
    }
    if (seg[0] === 'payment_intents' && seg[1]) {
      const pi = ledger.intent(seg[1]);
      if (method === 'GET' && !seg[2]) return [200, expand(pi), []];
      if (method === 'POST' && seg[2] === 'cancel') {
        ledger.cancel(pi, str(form, 'cancellation_reason'));
        return [200, wire(pi), [['payment_intent.canceled', pi]]];
      }
    }
    if (key === 'POST refunds') {
      const refund = ledger.refund(form);
      return [200, refund, [['charge.refunded', ledger.intent(refund.payment_intent)]]];
    }
    if (key === 'POST checkout/sessions') return [200, wire(ledger.createSession(form)), []];
    if (seg[0] === 'checkout' && seg[1] === 'sessions' && seg[2]) {
      const cs = ledger.session(seg[2]);
      if (method === 'GET' && !seg[3]) return [200, wire(cs), []];
      if (method === 'POST' && seg[3] === 'expire') {
        if (cs.status !== 'open')
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'checkout_session_unexpected_state',
            message: `This Checkout Session has a status of ${cs.status}.`,
          });
        cs.status = 'expired';
        return [200, wire(cs), [['checkout.session.expired', cs]]];
      }
    }
    throw new StripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  async function handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const form = parseStripeForm(body);
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      form,
    });
    const send = (status: number, answer: unknown, type = 'application/json') => {
      res.writeHead(status, {
        'content-type': type,
        'request-id': `req_${randomBytes(7).toString('hex')}`,
        'stripe-version': API_VERSION,
      });
      res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    };
    const page = pages(req.method ?? 'GET', url, form);
    if (page) {
      if (page.redirect) {
        res.writeHead(303, { location: page.redirect });
        res.end();
      } else if (page.js) send(200, page.js, 'text/javascript; charset=utf-8');
      else send(200, page.html, 'text/html; charset=utf-8');
      for (const [type, o] of page.events) await emit(type, o);
      return;
    }
    if (!url.pathname.startsWith('/v1/'))
      return send(404, { error: { type: 'invalid_request_error', message: 'Not found' } });
    const auth = req.headers.authorization ?? '';
    const publishable = /^Bearer pk_test_\w+$/.test(auth);
    // What Stripe.js sends from the customer's browser carries the publishable key; the rest the secret key.
    const fromBrowser = ['/v1/payment_methods', '/v1/confirmation_tokens'].includes(url.pathname);
    if (!/^Bearer sk_test_\w+$/.test(auth) && !(publishable && fromBrowser))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    if (fail === 'error' || fail === 'hang') {
      const f = fail;
      if (--failTimes <= 0) fail = null;
      if (f === 'hang') return void hanging.add(res);
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred.' } });
    }
    const respond = (status: number, answer: unknown) => {
      if (fail !== 'drop') return send(status, answer);
      if (--failTimes <= 0) fail = null;
      hanging.add(res);
    };
    const key = req.headers['idempotency-key'];
    const ikey = typeof key === 'string' && req.method === 'POST' ? `${auth} ${key}` : null;
    const earlier = ikey ? idempotent.get(ikey) : undefined;
    if (earlier) {
      if (earlier.body !== `${url.pathname}?${body}`)
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      res.setHeader('idempotent-replayed', 'true');
      return respond(earlier.status, earlier.answer);
    }
    let status: number;
    let answer: unknown;
    let after: [string, object][];
    try {
      [status, answer, after] = api(req.method ?? 'GET', url.pathname, url.searchParams, form);
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      status = err.status;
      answer = {
        error: { ...err.body, doc_url: `https://docs.stripe.com/error-codes/${err.body.code ?? ''}` },
      };
      after = (err as StripeError & { events?: [string, object][] }).events ?? [];
    }
    if (ikey && status !== 500)
      idempotent.set(ikey, { body: `${url.pathname}?${body}`, status, answer: JSON.stringify(answer) });
    respond(status, answer);
    for (const [type, o] of after) await emit(type, o);
  }

  /** The pages a customer's browser sees: the issuer's 3-D Secure page and the Checkout page. */
  function pages(method: string, url: URL, form: FormObject) {
    const [, kind, id] = url.pathname.split('/');
    if (method === 'GET' && url.pathname === '/v3/')
      return { js: STRIPE_JS, events: [] as [string, object][] };
    if (method === 'GET' && url.pathname === '/elements/payment')
      return {
        html: paymentElementPage(url.searchParams.get('locale') ?? 'en'),
        events: [] as [string, object][],
      };
    if (kind === '3ds' && id) {
      const pi = ledger.intent(id);
      const back =
        pi.next_action?.type === 'redirect_to_url' ? pi.next_action.redirect_to_url.return_url : '';
      if (method === 'GET') return { html: threeDsPage(pi), events: [] as [string, object][] };
      ledger.authenticate(pi, str(form, 'answer') === 'complete');
      return {
        redirect: `${back}${back.includes('?') ? '&' : '?'}payment_intent=${pi.id}&payment_intent_client_secret=${pi.client_secret}`,
        events: [
          [pi.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', pi],
        ] as [string, object][],
      };
    }
    if (kind === 'pay' && id) {
      const cs = ledger.session(id);
      if (method === 'GET') return { html: hostedPage(cs, null), events: [] as [string, object][] };
      if (str(form, 'answer') === 'cancel')
        return { redirect: cs.cancel_url, events: [] as [string, object][] };
      try {
        const pm = ledger.createPaymentMethod({ type: 'card', card: (form.card as FormObject) ?? {} });
        const pi = ledger.paySession(cs, pm);
        if (cs.status === 'complete')
          return {
            redirect: cs.success_url,
            events: [
              ['payment_intent.succeeded', pi],
              ['checkout.session.completed', cs],
            ] as [string, object][],
          };
        return {
          html: hostedPage(cs, pi.last_payment_error?.message ?? null),
          events: [] as [string, object][],
        };
      } catch (err) {
        if (!(err instanceof StripeError)) throw err;
        return { html: hostedPage(cs, err.message), events: [] as [string, object][] };
      }
    }
    return null;
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    ledger,
    requests,
    events,
    failNext: (kind, times = 1) => {
      fail = kind;
      failTimes = times;
    },
    dropNextAnswer: (times = 1) => {
      fail = 'drop';
      failTimes = times;
    },
    webhooks: (o) => void (hooks = o),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
