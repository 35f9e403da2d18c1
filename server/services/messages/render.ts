import type { Locale } from '../../../src/api/contract/common.ts';
import type { OrderDocument } from '../../../src/api/contract/order.ts';
import { pickText, sectionIn } from '../../../src/domain/format.ts';
import { runText, seatRuns } from '../../../src/domain/seatPlace.ts';
import { VENUE_CURRENCY, VENUE_TIME_ZONE } from '../../../src/domain/venue.ts';
import { addressLine } from '../../../src/domain/venueAddress.ts';
import { formatShowDateTime, nightOf } from '../../../src/domain/showTime.ts';
import { withQuery } from '../../../src/routing/paths.ts';
import { dateTime, escapeHtml, money } from '../serverText.ts';
import { orderCalendarFile } from '../calendar/calendarFiles.ts';
import { localeTexts } from '../localeTexts.ts';
import { MESSAGE_TEXTS } from './texts.ts';

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  ics: string | null;
  sms: string;
}

export const formatDateTime = (iso: string, locale: Locale) => dateTime(iso, locale, VENUE_TIME_ZONE);

/**
 * A show's start in a message: the messages' long date and time, or for a show after midnight the night
 * before, as the shop says it ("Friday night, 00:15 (Saturday, 05/12/2026)": src/domain/showTime.ts).
 */
export function showDateTime(iso: string, locale: Locale): string {
  return nightOf(Date.parse(iso), VENUE_TIME_ZONE) === null
    ? formatDateTime(iso, locale)
    : formatShowDateTime(iso, locale, localeTexts(locale), VENUE_TIME_ZONE);
}

/**
 * An order's confirmation (paid, or held to be paid at the box office), in the order's language: the
 * e-mail (subject, text, HTML, and a calendar file of its presentations in Asia/Jerusalem time) and the
 * SMS with the e-ticket link.
 */
export function renderConfirmation(doc: OrderDocument, publicUrl: string, now: number): RenderedMessage {
  const locale: Locale = doc.locale;
  const tx = MESSAGE_TEXTS[locale];
  const words = localeTexts(locale);
  const rid = doc.reservationIdentifier;
  const eticketUrl = `${publicUrl}/edocument/${encodeURIComponent(doc.documentKey)}?language=${locale}`;
  const price = (n: number) => money(n, locale, doc.currency ?? VENUE_CURRENCY);
  const subject = doc.isHold ? tx.held(rid) : tx.confirmed(rid);
  const blocks: Block[] = [[{ text: tx.hello(doc.customerName) }], [{ text: tx.thanks }]];
  for (const p of doc.presentations) {
    const lines = [
      {
        text: `${pickText(p.title, locale)} — ${showDateTime(p.dateTime, locale)} — ${pickText(p.venueName, locale)} · ${pickText(p.hallName, locale)}`,
      },
    ];
    // Where the venue is, under its name (a video is watched anywhere).
    const address = p.category === 'video' ? null : addressLine(p.venueAddress, locale);
    if (address) lines.push({ text: address });
    // Seats side by side with the same ticket as one line, "Stalls, row 5, seats 3–4 — 2 × Regular", in
    // the words the confirmation page uses (src/domain/seatPlace.ts), sections in the order's language.
    const tickets = doc.tickets
      .filter((x) => x.presentationId === p.id)
      .map((x) => ({ ...x, section: sectionIn(x, locale) }));
    for (const run of seatRuns(tickets, () => p.isReserved)) {
      const first = run.tickets[0]!;
      const count = run.tickets.length;
      const place = first.row && first.seat ? `${runText(words, run, p.isReserved)} — ` : '';
      const name = pickText(first.ticketName, locale);
      const total = run.tickets.reduce((sum, x) => sum + x.price, 0);
      // A series' concerts come with the membership: "Included in the series", not a price of ₪0.00.
      const cost =
        total === 0 && doc.memberships?.length ? words('memberships.includedInSeries') : price(total);
      lines.push({ text: `• ${place}${count > 1 ? `${count} × ${name}` : name} — ${cost}` });
    }
    blocks.push(lines);
  }
  const others = [
    ...doc.products.map((x) => `• ${pickText(x.name, locale)} × ${x.quantity} — ${price(x.total)}`),
    ...doc.vouchers.map((x) => `• ${pickText(x.name, locale)} (${x.reference}) — ${price(x.price)}`),
    ...(doc.memberships ?? []).map(
      (x) => `• ${pickText(x.name, locale)}${x.memberNumber ? ` (${x.memberNumber})` : ''}`,
    ),
    ...doc.donations.map((x) => `• ${pickText(x.name, locale)} × ${x.quantity} — ${price(x.total)}`),
  ];
  if (others.length) blocks.push(others.map((text) => ({ text })));
  // Every link of the message opens the shop in the order's language (the customer's, when they bought).
  for (const v of doc.videos) {
    const link = `${publicUrl}${withQuery(v.watchPath, { language: locale })}`;
    blocks.push([{ text: `${tx.watch} ${pickText(v.title, locale)}`, link }]);
  }
  if (doc.isHold && doc.holdDeadline)
    blocks.push([{ text: tx.payBy(formatDateTime(doc.holdDeadline, locale)) }]);
  blocks.push([{ text: tx.total(price(doc.totals.total)) }]);
  blocks.push([{ text: tx.eticket, link: eticketUrl }]);
  const { text, html } = compose(blocks, locale);

  const ics = orderCalendarFile(doc, { publicUrl, locale, description: `${subject}\n${eticketUrl}`, now });
  return { subject, text, html, ics, sms: tx.smsConfirmed(rid, eticketUrl) };
}

/** A cancelled order's e-mail and SMS: what was cancelled (its e-tickets no longer open). */
export function renderCancellation(o: {
  reservationIdentifier: string;
  locale: Locale;
  customerName: string;
}) {
  const tx = MESSAGE_TEXTS[o.locale];
  const { text, html } = compose(
    [[{ text: tx.hello(o.customerName) }], [{ text: tx.cancelledBody }]],
    o.locale,
  );
  return {
    subject: tx.cancelled(o.reservationIdentifier),
    text,
    html,
    ics: null,
    sms: tx.smsCancelled(o.reservationIdentifier),
  };
}

export type Block = { text: string; link?: string }[];

/** The message as plain text and as HTML (every text escaped; right to left in Hebrew and Arabic). */
export function compose(blocks: Block[], locale: Locale): { text: string; html: string } {
  const text = blocks
    .map((b) => b.map((l) => (l.link ? `${l.text}\n${l.link}` : l.text)).join('\n'))
    .join('\n\n');
  const dir = locale === 'he' || locale === 'ar' ? 'rtl' : 'ltr';
  const html =
    `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:sans-serif">` +
    blocks
      .map(
        (b) =>
          `<p>${b
            .map((l) =>
              l.link
                ? `${escapeHtml(l.text)}<br><a href="${escapeHtml(l.link)}">${escapeHtml(l.link)}</a>`
                : escapeHtml(l.text),
            )
            .join('<br>')}</p>`,
      )
      .join('') +
    '</body></html>';
  return { text, html };
}
