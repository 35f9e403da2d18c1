import type { Locale } from '../../../src/api/contract/common.ts';
import type { OrderDocument } from '../../../src/api/contract/order.ts';
import { currencyInfo } from '../../../src/domain/currency.ts';
import { pickText } from '../../../src/domain/format.ts';
import { VENUE_CURRENCY } from '../../../src/domain/venue.ts';
import { eticketUrl, orderCalendarFile } from '../calendar/calendarFiles.ts';
import { money } from '../serverText.ts';
import { type Block, compose, type RenderedMessage, showDateTime } from './render.ts';
import { MESSAGE_TEXTS } from './texts.ts';

/** An order of a called-off presentation, as its message tells it (the order is cancelled by then). */
export interface CalledOffOrder {
  reservationIdentifier: string;
  locale: Locale;
  customerName: string;
  title: string;
  startsAt: string;
  currency: string | null;
  /** Given back to the order's payments (cards, PayPal, gift cards). */
  refunded: number;
  /** Paid at the box office: given back there. */
  atCounter: number;
}

/** The e-mail and SMS telling a customer their presentation is called off and what is refunded. */
export function renderCalledOff(o: CalledOffOrder): RenderedMessage {
  const tx = MESSAGE_TEXTS[o.locale];
  const when = showDateTime(o.startsAt, o.locale);
  const price = (n: number) => money(n, o.locale, o.currency ? currencyInfo(o.currency) : VENUE_CURRENCY);
  const blocks: Block[] = [
    [{ text: tx.hello(o.customerName) }],
    [{ text: tx.calledOffBody(o.title, when, o.reservationIdentifier) }],
  ];
  const refund: Block = [];
  if (o.refunded > 0) refund.push({ text: tx.refunded(price(o.refunded)) });
  if (o.atCounter > 0) refund.push({ text: tx.refundAtCounter(price(o.atCounter)) });
  if (refund.length) blocks.push(refund);
  const { text, html } = compose(blocks, o.locale);
  return {
    subject: tx.calledOff(o.title),
    text,
    html,
    ics: null,
    sms: tx.smsCalledOff(o.title, when, o.reservationIdentifier),
  };
}

/**
 * The e-mail and SMS telling a customer a presentation of their order moved: its new time, the e-ticket
 * (valid for it) and the order's calendar file with the new time (same event ids: calendars update it).
 */
export function renderMoved(
  doc: OrderDocument,
  presentationId: number | null,
  publicUrl: string,
  now: number,
): RenderedMessage {
  const locale = doc.locale;
  const tx = MESSAGE_TEXTS[locale];
  const p = doc.presentations.find((x) => x.id === presentationId) ?? doc.presentations[0];
  if (!p) throw new Error('the order holds no presentation');
  const title = pickText(p.title, locale);
  const when = showDateTime(p.dateTime, locale);
  const url = eticketUrl(doc, publicUrl, locale);
  const subject = tx.moved(title);
  const { text, html } = compose(
    [
      [{ text: tx.hello(doc.customerName) }],
      [
        { text: tx.movedBody(title, when) },
        { text: `${pickText(p.venueName, locale)} · ${pickText(p.hallName, locale)}` },
      ],
      [{ text: tx.eticket, link: url }],
    ],
    locale,
  );
  const ics = orderCalendarFile(doc, { publicUrl, locale, description: `${subject}\n${url}`, now });
  return { subject, text, html, ics, sms: tx.smsMoved(title, when, url) };
}
