import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutCompletedSchema } from '../../src/api/contract/checkout.ts';
import { sendDueMessages } from '../services/messages/dispatcher.ts';
import { type MailMessage, type MailSender, OutboxMailSender } from '../services/messages/mail.ts';
import { retryDelayMs } from '../services/messages/queue.ts';
import { DEMO_CUSTOMERS } from '../seed/customers.ts';
import {
  commit,
  commitVideo,
  loginByEmail,
  seatShop,
  type SeatShop,
  ticketGroupsOf,
} from '../testing/checkout.ts';
import { findPresentation } from '../testing/fixtures.ts';
import { area } from '../testing/checkoutScenarios.ts';
import { createTestApp, dialects, type TestApp, visitor } from '../testing/harness.ts';

/** A mail server that refuses the next `failures` messages: before taking them, or after (a lost answer). */
class FlakyMail implements MailSender {
  readonly name = 'flaky';
  failures = 0;
  failAfterSending = false;
  inner: OutboxMailSender | null = null;
  async send(m: MailMessage) {
    if (this.failures > 0 && !this.failAfterSending) {
      this.failures--;
      throw new Error('421 try again later');
    }
    await this.inner!.send(m);
    if (this.failures > 0) {
      this.failures--;
      throw new Error('connection reset after DATA');
    }
  }
}

/** Order confirmations: queued with the order, sent afterwards to the outboxes once, retried on failure. */
describe.each(dialects)('order confirmations on %s', (dialect) => {
  let t: TestApp;
  let shop: SeatShop;
  const mail = new FlakyMail();
  const send = () =>
    sendDueMessages({
      db: t.db.kysely,
      mail,
      sms: t.app.deps.sms,
      now: () => t.clock.now(),
      publicUrl: 'https://tickets.example',
    });
  const outbox = async (table: 'mail_outbox' | 'sms_outbox', needle: string) =>
    (await t.db.kysely.selectFrom(table).selectAll().execute()).filter((r) =>
      JSON.stringify(r).includes(needle),
    ) as Record<string, unknown>[];

  beforeAll(async () => {
    t = await createTestApp(dialect, { mail });
    mail.inner = new OutboxMailSender(t.db.kysely, () => t.clock.now());
    shop = await seatShop(t);
  });
  afterAll(async () => t?.close());

  async function buy(cookie?: string) {
    const uuid = visitor();
    const seats = await shop.hold(uuid, 2);
    const res = await commit(t.app, uuid, crypto.randomUUID(), shop.cart(seats), cookie);
    expect(res.statusCode, res.body).toBe(200);
    return CheckoutCompletedSchema.parse(res.json());
  }

  it('sends one e-mail with the order, the e-ticket link and a calendar file, and one SMS', async () => {
    const order = await buy();
    const queued = await t.db.kysely
      .selectFrom('order_messages')
      .selectAll()
      .where('reservation_identifier', '=', order.reservationIdentifier)
      .execute();
    expect(queued.map((m) => `${m.kind}/${m.channel}/${m.status}`).sort()).toEqual([
      'confirmation/email/queued',
      'confirmation/sms/queued',
    ]);
    await send();
    await send();
    const [m, ...more] = await outbox('mail_outbox', order.reservationIdentifier);
    expect(more).toHaveLength(0);
    expect(m).toMatchObject({ to_address: 'dana@example.com' });
    expect(m!.subject).toBe(`Your order ${order.reservationIdentifier} is confirmed`);
    const link = `https://tickets.example/edocument/${order.documentKey}?language=en`;
    expect(m!.text).toContain(link);
    expect(m!.text).toContain(shop.movie.title.en!);
    expect(m!.html).toContain(`href="${link}"`);
    const start = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Jerusalem',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(shop.movie.dateTime))
      .replace(/\D/g, '');
    expect(m!.ics).toContain(`DTSTART;TZID=Asia/Jerusalem:${start.slice(0, 8)}T${start.slice(8)}00`);
    const sms = await outbox('sms_outbox', order.reservationIdentifier);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ to_number: '0501234567' });
    expect(sms[0]!.text).toContain(link);
  });

  it("links a video's viewing page in the order's language", async () => {
    const video = await findPresentation(t.app, (p) => p.isVod && p.saleStatus === 'open');
    const rental = (await ticketGroupsOf(t.app, video))[0]!.tickets[0]!;
    const res = await commitVideo(t.app, { presentationId: video.id, ticketId: rental.id }); // bought in English
    expect(res.statusCode, res.body).toBe(200);
    const order = CheckoutCompletedSchema.parse(res.json());
    await send();
    const [m] = await outbox('mail_outbox', order.reservationIdentifier);
    const watch = /https:\/\/tickets\.example\/vod\/\S+/.exec(String(m!.text))![0];
    expect(new URL(watch).pathname).toBe(`/vod/${order.reservationIdentifier}/${video.id}`);
    expect(new URL(watch).searchParams.get('language')).toBe('en');
    expect(new URL(watch).searchParams.get('k')).toBe(order.documentKey);
  });

  it('names the seats in the order’s language, side by side as one range, as the confirmation page does', async () => {
    const uuid = visitor();
    const seats = await shop.hold(uuid, 2);
    const res = await commit(t.app, uuid, crypto.randomUUID(), { ...shop.cart(seats), locale: 'he' });
    expect(res.statusCode, res.body).toBe(200);
    const { order, reservationIdentifier } = CheckoutCompletedSchema.parse(res.json());
    const [a, b] = [...order.tickets].sort((x, y) => Number(x.seat) - Number(y.seat));
    // The pool hands out seats in plan order: two seats side by side in one row.
    expect([b!.row, Number(b!.seat)]).toEqual([a!.row, Number(a!.seat) + 1]);
    await send();
    const [m] = await outbox('mail_outbox', reservationIdentifier);
    // The plan's section is "Hall": אולם in Hebrew, the range kept left to right inside the Hebrew line.
    expect(m!.text).toContain(
      `• אולם, שורה ${a!.row}, מושבים \u2066${a!.seat}\u2013${b!.seat}\u2069 — 2 × ${a!.ticketName.he}`,
    );
    expect(m!.text).not.toContain('Hall');
  });

  it('retries a mail that failed, and keeps one copy when the server took it but the answer was lost', async () => {
    mail.failures = 1;
    mail.failAfterSending = false;
    const first = await buy();
    expect(await send()).toMatchObject({ failed: 1 });
    const row = await t.db.kysely
      .selectFrom('order_messages')
      .selectAll()
      .where('reservation_identifier', '=', first.reservationIdentifier)
      .where('channel', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: '421 try again later' });
    expect(await outbox('mail_outbox', first.reservationIdentifier)).toHaveLength(0);
    t.clock.advance(retryDelayMs(1));
    await send();
    expect(await outbox('mail_outbox', first.reservationIdentifier)).toHaveLength(1);

    mail.failures = 1;
    mail.failAfterSending = true;
    const second = await buy();
    await send();
    t.clock.advance(retryDelayMs(1));
    await send();
    expect(await outbox('mail_outbox', second.reservationIdentifier)).toHaveLength(1);
    const status = await t.db.kysely
      .selectFrom('order_messages')
      .select('status')
      .where('reservation_identifier', '=', second.reservationIdentifier)
      .execute();
    expect(status.map((s) => s.status)).toEqual(['sent', 'sent']);
  });

  it('tells the customer when an order is cancelled, in the order’s language', async () => {
    const dana = await loginByEmail(t.app, DEMO_CUSTOMERS[0]);
    const order = await buy(dana);
    await send();
    const cancel = await area(t.app, 'POST', `/api/reservations/${order.reservationIdentifier}/cancel`, dana);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await send();
    const mails = await outbox('mail_outbox', order.reservationIdentifier);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Your order ${order.reservationIdentifier} is confirmed`,
      `Your order ${order.reservationIdentifier} was cancelled`,
    ]);
    const kinds = await t.db.kysely
      .selectFrom('order_messages')
      .select(['kind', 'status'])
      .where('reservation_identifier', '=', order.reservationIdentifier)
      .execute();
    expect(kinds.every((k) => k.status === 'sent')).toBe(true);
    expect(kinds).toHaveLength(4);
  });

  it('queues nothing for an order that was never paid', async () => {
    const before = await t.db.kysely.selectFrom('order_messages').select('id').execute();
    const uuid = visitor();
    const seats = await shop.hold(uuid, 1);
    const declined = await commit(
      t.app,
      uuid,
      crypto.randomUUID(),
      shop.cart(seats, {
        creditcardInfo: { number: '4000000000000002', expiry: '12/29', cvv: '123', holderId: '123456782' },
      }),
    );
    expect(declined.statusCode).toBeGreaterThanOrEqual(400);
    const after = await t.db.kysely.selectFrom('order_messages').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});
