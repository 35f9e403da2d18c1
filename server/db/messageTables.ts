import type { Generated } from 'kysely';

/**
 * called_off and moved: a presentation of the order was called off or moved by the venue (issue 34);
 * gift: the order's gift cards, e-mailed to the recipient the buyer named on the date they chose (issue 35).
 */
export type MessageKind = 'confirmation' | 'cancellation' | 'called_off' | 'moved' | 'gift';
export type MessageChannel = 'email' | 'sms';
/** queued: waiting for its next attempt; sending: claimed by a process until next_attempt_at; sent; failed: given up. */
export type MessageStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** Order confirmations (migration 013). Part of `Database` (types.ts). */
export interface MessageTables {
  order_messages: {
    id: string;
    reservation_identifier: string;
    kind: MessageKind;
    channel: MessageChannel;
    to_address: string;
    status: MessageStatus;
    attempts: Generated<number>;
    next_attempt_at: number;
    last_error: string | null;
    created_at: number;
    sent_at: number | null;
    /** The presentation a called_off or moved message is about (migration 021); null otherwise. */
    presentation_id: Generated<number | null>;
  };
  /**
   * An order sent as a gift (migration 024): its gift cards go to the recipient by e-mail on `deliver_on`
   * (a calendar date, venue time), in `locale`, with the buyer's message (as typed; escaped when sent).
   */
  order_gifts: {
    reservation_identifier: string;
    recipient_name: string;
    recipient_email: string;
    message: string;
    deliver_on: string;
    locale: string;
    /** When the e-mail goes out: at once for today, else the morning of `deliver_on` (giftDelivery.ts). */
    send_at: number;
    created_at: number;
  };
  /** Development: the mail the outbox sender kept instead of sending (no SMTP_URL). */
  mail_outbox: {
    id: string;
    to_address: string;
    subject: string;
    text: string;
    html: string;
    ics: string | null;
    created_at: number;
  };
}
