import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/**
 * Sends a text message to an Israeli mobile number (05XXXXXXXX). Throws when the gateway fails. `id`,
 * when given, is stable across retries of one message (the outbox keeps one copy per id).
 */
export interface SmsSender {
  readonly name: string;
  send(to: string, text: string, id?: string): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}

/**
 * Development sender: nothing leaves the machine; messages go to the `sms_outbox` table, which the
 * shop shows at /dev/sms-outbox and GET /api/dev/sms-outbox answers (only while this sender is used
 * outside production).
 */
export class OutboxSmsSender implements SmsSender {
  readonly name = 'outbox';
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(db: Kysely<Database>, now: () => number) {
    this.db = db;
    this.now = now;
  }

  async send(to: string, text: string, id?: string): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({ id: id ?? randomBytes(8).toString('hex'), to_number: to, text, created_at: this.now() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}

/**
 * A generic HTTP SMS gateway: POSTs `{ to, text }` as JSON with a bearer token and expects a 2xx.
 * Numbers go out in international form (+9725XXXXXXXX).
 */
export class HttpSmsSender implements SmsSender {
  readonly name = 'http';
  private readonly url: string;
  private readonly token: string | undefined;
  private readonly fetchFn: typeof fetch;

  constructor(url: string, token: string | undefined, fetchFn: typeof fetch = fetch) {
    this.url = url;
    this.token = token;
    this.fetchFn = fetchFn;
  }

  async send(to: string, text: string): Promise<void> {
    const international = `+972${to.slice(1)}`;
    let res: Response;
    try {
      res = await this.fetchFn(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify({ to: international, text }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new SmsSendError('the SMS gateway did not answer', { cause: err });
    }
    if (!res.ok) throw new SmsSendError(`the SMS gateway answered ${res.status}`);
  }
}
