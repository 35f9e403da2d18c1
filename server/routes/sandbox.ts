import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Locale } from '../../src/api/contract/common.ts';
import { currencyInfo } from '../../src/domain/currency.ts';
import { SandboxPaymentProvider } from '../services/payments/sandbox/acquirer.ts';
import { SandboxBank } from '../services/payments/sandbox/bank.ts';
import { page, pageLocale, tx } from '../services/payments/sandbox/pages.ts';
import { escapeHtml, money } from '../services/serverText.ts';

type Query = { lang?: unknown; token?: unknown; code?: unknown };
type Form = Record<string, unknown> | null | undefined;

/**
 * A query, form or path value as the pages read it: text without NUL characters (no id, code or card
 * the sandbox issues has one, and PostgreSQL refuses them in text), or '' for anything else (a repeated
 * query parameter, a JSON number, a missing field).
 */
function text(value: unknown): string {
  return typeof value === 'string' && !value.includes('\u0000') ? value : '';
}
const field = (form: unknown, name: string): string =>
  typeof form === 'object' && form !== null && !Array.isArray(form)
    ? text((form as Record<string, unknown>)[name])
    : '';

/**
 * The sandbox acquirer's pages under /sandbox: the card issuer's 3-D Secure page, PayPal's approval
 * page, the hosted payment page and the Blik banking app. Each changes only the acquirer's ledger; the
 * box office learns the outcome by asking the acquirer. Form posts are parsed here, and never logged.
 */
export const sandboxRoutes: FastifyPluginAsync = async (app) => {
  const acquirer = app.deps.payments;
  if (!(acquirer instanceof SandboxPaymentProvider)) return;
  const bank = new SandboxBank(acquirer);
  // The box office asks for every payment in the venue's currency (settings.currency).
  const currency = app.deps.settings.currency;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
  });
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').send(body);
  const lang = (q: Query, f?: Form) => pageLocale(field(f, 'lang') || text(q.lang));
  const hidden = (l: Locale) => `<input type="hidden" name="lang" value="${l}">`;
  const notFound = (reply: FastifyReply, l: Locale) =>
    html(
      reply,
      page(l, {
        title: 'Sandbox',
        brand: 'Sandbox',
        color: '#555',
        body: `<div class="card"><p>${tx(l, 'notFound')}</p></div>`,
      }),
      404,
    );

  // --- 3-D Secure: the card issuer's challenge, shown in a frame of the shop ------------------------
  const issuer = (l: Locale, body: string) =>
    page(l, { title: tx(l, 'issuerTitle'), brand: tx(l, 'issuerBrand'), color: '#1a4fa0', bg: '#fff', body });
  app.get<{ Params: { id: string }; Querystring: Query }>('/3ds/:id', async (request, reply) => {
    const l = lang(request.query);
    const row = await bank.transaction(text(request.params.id), 'card');
    if (!row) return notFound(reply, l);
    if (row.status !== 'challenge')
      return html(
        reply,
        issuer(
          l,
          `<div class="card"><p class="ok" data-testid="bank-done">${tx(l, 'challengeDone')}</p></div>`,
        ),
      );
    return html(
      reply,
      issuer(
        l,
        `<div class="card"><h1>${tx(l, 'challengeTitle')}</h1>
<p>${tx(l, 'challengeText', { merchant: tx(l, 'merchant'), last4: row.last4 ?? '' })}</p>
<div class="amount">${money(row.amount, l, row.currency ? currencyInfo(row.currency) : currency)}</div>
<p class="muted">${tx(l, 'challengeHint')}</p>
<form method="post" action="/sandbox/3ds/${escapeHtml(row.id)}">${hidden(l)}
<button name="decision" value="approve" data-testid="bank-approve">${tx(l, 'approve')}</button>
<button name="decision" value="fail" class="secondary" data-testid="bank-fail">${tx(l, 'failAuthentication')}</button></form></div>`,
      ),
    );
  });
  app.post<{ Params: { id: string }; Querystring: Query; Body: Form }>('/3ds/:id', async (request, reply) => {
    const l = lang(request.query, request.body);
    const row = await bank.challenge(text(request.params.id), field(request.body, 'decision') === 'approve');
    if (!row) return notFound(reply, l);
    const ok = row.status === 'approved';
    return html(
      reply,
      issuer(
        l,
        `<div class="card"><p class="${ok ? 'ok' : 'error'}" data-testid="bank-done">${tx(l, ok ? 'challengeApproved' : 'challengeFailed')}</p><p class="muted">${tx(l, 'backToShop')}</p></div>`,
      ),
    );
  });

  // --- PayPal: the payer approves or cancels, PayPal sends them back -------------------------------
  const paypal = (l: Locale, body: string) =>
    page(l, { title: 'PayPal', brand: 'PayPal', color: '#003087', bg: '#f5f7fa', body });
  app.get<{ Querystring: Query }>('/paypal/checkoutnow', async (request, reply) => {
    const l = lang(request.query);
    const row = await bank.transaction(text(request.query.token), 'paypal');
    if (!row || !['created', 'payer_approved'].includes(row.status)) return notFound(reply, l);
    const id = escapeHtml(row.id);
    return html(
      reply,
      paypal(
        l,
        `<div class="card"><h1>${tx(l, 'paypalTitle', { merchant: tx(l, 'merchant') })}</h1>
<div class="amount">${money(row.amount, l, currency)}</div>
<p class="muted">${tx(l, 'paypalBuyer')}</p>${
          row.shipping_preference === 'GET_FROM_FILE'
            ? `<p data-testid="paypal-ship-to"><strong>${tx(l, 'paypalShipTo')}</strong><br>${tx(l, 'paypalBuyerAddress')}</p>`
            : ''
        }
<form method="post" action="/sandbox/paypal/${id}/approve">${hidden(l)}<button data-testid="paypal-approve">${tx(l, 'paypalPay')}</button></form>
<form method="post" action="/sandbox/paypal/${id}/cancel">${hidden(l)}<button class="secondary" data-testid="paypal-cancel">${tx(l, 'paypalCancel')}</button></form></div>`,
      ),
    );
  });
  app.post<{ Params: { id: string }; Querystring: Query; Body: Form }>(
    '/paypal/:id/approve',
    async (request, reply) => {
      const to = await bank.paypalApprove(text(request.params.id));
      return to ? reply.redirect(to, 303) : notFound(reply, lang(request.query, request.body));
    },
  );
  app.post<{ Params: { id: string }; Querystring: Query; Body: Form }>(
    '/paypal/:id/cancel',
    async (request, reply) => {
      const to = await bank.paypalCancel(text(request.params.id));
      return to ? reply.redirect(to, 303) : notFound(reply, lang(request.query, request.body));
    },
  );

  // --- The hosted payment page: the card is typed here, never at the box office ----------------------
  const hosted = (l: Locale, body: string) =>
    page(l, { title: tx(l, 'hostedTitle'), brand: tx(l, 'hostedBrand'), color: '#0b7a5a', body });
  app.get<{ Params: { id: string }; Querystring: Query }>('/pay/:id', async (request, reply) => {
    const l = lang(request.query);
    const row = await bank.transaction(text(request.params.id), 'redirect');
    if (!row || row.status !== 'open') return notFound(reply, l);
    const id = escapeHtml(row.id);
    const field = (name: string, label: string, extra = '') =>
      `<div><label for="${name}">${tx(l, label)}</label><input id="${name}" name="${name}" inputmode="numeric" required ${extra}></div>`;
    return html(
      reply,
      hosted(
        l,
        `<div class="card"><h1>${tx(l, 'hostedHeading', { merchant: tx(l, 'merchant') })}</h1>
<div class="amount">${money(row.amount, l, currency)}</div>
<form method="post" action="/sandbox/pay/${id}" autocomplete="off">${hidden(l)}
${field('number', 'cardNumber', 'autocomplete="cc-number"')}
<div class="row">${field('expiry', 'expiry', 'placeholder="MM/YY"')}${field('cvv', 'cvv')}</div>
${field('holderId', 'holderId')}
<button data-testid="hosted-pay">${tx(l, 'hostedPay', { amount: money(row.amount, l, currency) })}</button></form>
<form method="post" action="/sandbox/pay/${id}/cancel">${hidden(l)}<button class="secondary" data-testid="hosted-cancel">${tx(l, 'hostedCancel')}</button></form></div>`,
      ),
    );
  });
  app.post<{ Params: { id: string }; Querystring: Query; Body: Form }>('/pay/:id', async (request, reply) => {
    const f = request.body;
    const to = await bank.hostedPay(text(request.params.id), {
      number: field(f, 'number'),
      expiry: field(f, 'expiry'),
      cvv: field(f, 'cvv'),
      holderId: field(f, 'holderId'),
    });
    return to ? reply.redirect(to, 303) : notFound(reply, lang(request.query, f));
  });
  app.post<{ Params: { id: string }; Querystring: Query; Body: Form }>(
    '/pay/:id/cancel',
    async (request, reply) => {
      const to = await bank.hostedCancel(text(request.params.id));
      return to ? reply.redirect(to, 303) : notFound(reply, lang(request.query, request.body));
    },
  );

  // --- Blik: the banking app shows a code, then asks to confirm the payment ---------------------------
  const blikApp = (l: Locale, body: string, refresh = false) =>
    page(l, {
      title: tx(l, 'blikTitle'),
      brand: tx(l, 'blikBrand'),
      color: '#e4002b',
      body,
      ...(refresh ? { refreshSeconds: 2 } : {}),
    });
  app.get<{ Querystring: Query }>('/blik', async (request, reply) => {
    const l = lang(request.query);
    const now = acquirer.opts.now();
    const shownId = text(request.query.code);
    const shown = shownId
      ? await acquirer.db
          .selectFrom('sandbox_blik_codes')
          .selectAll()
          .where('id', '=', shownId)
          .executeTakeFirst()
      : undefined;
    const waiting = await bank.blikWaiting();
    const codeBlock = shown
      ? shown.transaction_id
        ? `<p class="muted">${tx(l, 'blikCodeUsed')}</p>`
        : shown.expires_at > now
          ? `<p>${tx(l, 'blikYourCode')}</p><div class="code" data-testid="blik-code">${escapeHtml(shown.code)}</div><p class="muted">${tx(l, 'blikValidFor', { seconds: String(Math.ceil((shown.expires_at - now) / 1000)) })}</p>`
          : `<p class="error" data-testid="blik-code-expired">${tx(l, 'blikCodeExpired')}</p>`
      : '';
    const list = waiting
      .map(
        (
          w,
        ) => `<div class="card" style="margin-top:12px" data-testid="blik-request"><h1>${tx(l, 'blikConfirmTitle')}</h1>
<p>${tx(l, 'blikConfirmText', { merchant: tx(l, 'merchant') })}</p><div class="amount">${money(w.amount, l, currency)}</div>
<form method="post" action="/sandbox/blik/${escapeHtml(w.id)}/approve">${hidden(l)}<button data-testid="blik-approve">${tx(l, 'blikApprove')}</button></form>
<form method="post" action="/sandbox/blik/${escapeHtml(w.id)}/decline">${hidden(l)}<button class="secondary" data-testid="blik-decline">${tx(l, 'blikDecline')}</button></form></div>`,
      )
      .join('');
    return html(
      reply,
      blikApp(
        l,
        `<div class="card">${codeBlock}<form method="post" action="/sandbox/blik/code">${hidden(l)}<button data-testid="blik-new-code">${tx(l, 'blikNewCode')}</button></form>
<p class="muted">${tx(l, 'blikHint')}</p></div>${list}`,
        Boolean(shown) || waiting.length > 0,
      ),
    );
  });
  app.post<{ Querystring: Query; Body: Form }>('/blik/code', async (request, reply) => {
    const l = lang(request.query, request.body);
    const fresh = await bank.newBlikCode();
    return reply.redirect(`/sandbox/blik?lang=${l}&code=${encodeURIComponent(fresh.id)}`, 303);
  });
  for (const decision of ['approve', 'decline'] as const)
    app.post<{ Params: { id: string }; Querystring: Query; Body: Form }>(
      `/blik/:id/${decision}`,
      async (request, reply) => {
        const l = lang(request.query, request.body);
        const row = await bank.blikDecide(text(request.params.id), decision === 'approve');
        if (!row) return notFound(reply, l);
        const ok = row.status === 'approved';
        return html(
          reply,
          blikApp(
            l,
            `<div class="card"><p class="${ok ? 'ok' : 'error'}" data-testid="blik-done">${tx(l, ok ? 'blikApproved' : 'blikDeclined')}</p><p><a href="/sandbox/blik?lang=${l}">${tx(l, 'blikBack')}</a></p></div>`,
          ),
        );
      },
    );
};
