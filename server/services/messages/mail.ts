import type { Kysely } from 'kysely';
import { createTransport, type Transporter } from 'nodemailer';
import type { Database } from '../../db/types.ts';

/** A message to send by e-mail: `id` is stable across retries (a sender may use it to send only once). */
export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The order's calendar file (text/calendar), when it has presentations. */
  ics: string | null;
}

/** Sends e-mail. Throws when the mail server refuses or does not answer. */
export interface MailSender {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/**
 * Development sender: nothing leaves the machine; mail goes to the `mail_outbox` table, shown at
 * /dev/mail-outbox (only with DEV_OUTBOX=1, never in production). Sending one id twice keeps one.
 */
export class OutboxMailSender implements MailSender {
  readonly name = 'outbox';
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(db: Kysely<Database>, now: () => number) {
    this.db = db;
    this.now = now;
  }

  async send(m: MailMessage): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({
        id: m.id,
        to_address: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        ics: m.ics,
        created_at: this.now(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

/** SMTP (`SMTP_URL`, e.g. `smtps://user:pass@mail.example.com:465`), from `MAIL_FROM`. */
export class SmtpMailSender implements MailSender {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(url: string, from: string) {
    this.transport = createTransport(url, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    this.from = from;
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      messageId: `<${m.id}@tickets>`,
      ...(m.ics ? { icalEvent: { filename: 'order.ics', method: 'PUBLISH', content: m.ics } } : {}),
    });
  }

  close(): void {
    this.transport.close();
  }
}
