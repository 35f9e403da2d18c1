import type { Locale } from '../../../src/api/contract/common.ts';
import type { PresentationSummary } from '../../../src/api/contract/presentations.ts';
import { addDaysIso, calendarDate } from '../../../src/domain/venue.ts';
import { type FeatureGroup, type FormatBadge, groupBoard, showtimeMark } from '../../../src/domain/board.ts';
import {
  formatDate,
  formatDateTime,
  formatDayChip,
  formatLongDate,
  formatShortDateTime,
  formatTime,
  pickText,
} from '../../../src/domain/format.ts';
import { addressLine } from '../../../src/domain/venueAddress.ts';
import { formatShowDateTime, formatShowTime, nightShortDateTime } from '../../../src/domain/showTime.ts';
import type { MenuEntry } from '../../../src/api/contract/session.ts';
import { BOARD_PATH, MENU_PATHS } from '../../../src/domain/menu.ts';
import { escapeHtml as esc } from '../../services/serverText.ts';
import { badgeText, featureCardText, type Translate } from '../../../src/domain/boardText.ts';
import { localeTexts } from './localeTexts.ts';

/** The id of a page's first screen as the box office writes it (src/ui/prepaint.ts removes it). */
export const PREPAINT_ID = 'prepaint';

/** Cards the first screen holds: as many as the board loads posters for at once (BoardDays.tsx). */
const CARDS = 4;
/** Date chips on the first screen (the board has a fortnight; a phone shows three or four). */
const DATE_CHIPS = 4;
const KINDS = ['film', 'concert', 'sport', 'show', 'video'] as const;

export interface PrepaintInput {
  board: readonly PresentationSummary[];
  locale: Locale;
  now: number;
  layout: 'grid' | 'list';
  /** The poster the board shows for a presentation's feature (uploaded or drawn); null: none. */
  posterOf: (p: PresentationSummary) => string | null;
  /** The header menu's entries (server/services/menu/shopMenu.ts); none: a header without a menu. */
  menu?: readonly MenuEntry[];
}

/**
 * The events board's first screen as plain HTML and CSS, written by the box office into the page: a
 * phone paints the board before any script has loaded (issue 19). It has the shop's words, layout and
 * links (a showtime is a plain link to its order), and no behaviour: the shop renders the real board
 * hidden beside it and then takes its place at once (src/ui/prepaint.ts), so nothing moves.
 */
export function boardPrepaint(i: PrepaintInput): string {
  const t = localeTexts(i.locale);
  const days = groupBoard(i.board);
  const shows = days.reduce((n, d) => n + d.features.reduce((m, f) => m + f.showtimes.length, 0), 0);
  const features = days.reduce((n, d) => n + d.features.length, 0);
  let left = CARDS;
  const sections: string[] = [];
  for (const d of days) {
    if (left <= 0) break;
    const cards = d.features.slice(0, left).map((g) => card(g, i, t));
    left -= cards.length;
    const heading = d.day === null ? t('category.video') : formatLongDate(d.day, i.locale);
    sections.push(
      `<section class="pp-day"><h2 class="pp-daytitle">${esc(heading)}</h2>` +
        `<div class="${i.layout === 'grid' ? 'pp-grid' : 'pp-list'}">${cards.join('')}</div></section>`,
    );
  }
  return (
    `<div id="${PREPAINT_ID}" class="pp">` +
    header(t, i.locale, i.menu ?? [], true) +
    `<main class="pp-main"><div class="pp-c">` +
    `<h1 class="pp-h1">${esc(t('events.title'))}</h1>` +
    dateChips(i, t) +
    filters(t) +
    `<p class="pp-note">${esc(t('events.timesNote', { now: formatDateTime(new Date(i.now).toISOString(), i.locale) }))}</p>` +
    (days.length === 0
      ? `<p class="pp-empty">${esc(t('events.empty'))}</p>`
      : `<p class="pp-count">${esc(t('events.resultsLine', { features, shows }))}</p>${sections.join('')}`) +
    `</div></main></div>`
  );
}

/**
 * An order page's first screen: what, where and when (the heading every step of the order flow shows,
 * src/flows/order/PresentationHeader.tsx), with its "add to calendar" link. The steps follow with the shop.
 * A phone folds it as the shop does (issue 35): the title on one line with the calendar's icon, then one
 * line of date · venue · hall; the stylesheet shows the one or the other (`pp-wide`, `pp-narrow`).
 */
export function orderPrepaint(
  p: PresentationSummary,
  locale: Locale,
  menu: readonly MenuEntry[] = [],
): string {
  const t = localeTexts(locale);
  const calendar = `/api/presentations/${p.id}/calendar.ics?language=${locale}`;
  return (
    `<div id="${PREPAINT_ID}" class="pp">` +
    header(t, locale, menu, false) +
    `<main class="pp-main"><div class="pp-c"><div class="pp-ph">` +
    `<div class="pp-wide"><span class="pp-badge">${esc(t(`category.${p.category}`))}</span></div>` +
    `<div class="pp-trow"><h1 class="pp-h1">${esc(pickText(p.title, locale))}</h1>` +
    `<a class="pp-calicon" href="${esc(calendar)}" download aria-label="${esc(t('calendar.add'))}">` +
    `${CALENDAR}</a></div>` +
    venueLine(p, locale, false) +
    `<div class="pp-when pp-wide"><span class="pp-strong">${esc(formatShowDateTime(p.dateTime, locale, t))}</span>` +
    `<a class="pp-cal" href="${esc(calendar)}" download>${esc(t('calendar.add'))}</a></div>` +
    venueLine(p, locale, true) +
    `</div></div></main></div>`
  );
}

/**
 * Venue · hall and the venue's address on one line, as PresentationHeader.tsx draws them; a phone's line
 * (`narrow`) starts with the short date and is cut short where it is too long.
 */
function venueLine(p: PresentationSummary, locale: Locale, narrow: boolean): string {
  const venue = esc(`${pickText(p.venueName, locale)} · ${pickText(p.hallName, locale)}`);
  const t = localeTexts(locale);
  const short = nightShortDateTime(p.dateTime, locale, t) ?? formatShortDateTime(p.dateTime, locale);
  const text = narrow
    ? `<time datetime="${esc(p.dateTime)}" title="${esc(formatShowDateTime(p.dateTime, locale, t))}">` +
      `${esc(short)}</time> · ${venue}`
    : venue;
  const shown = narrow ? 'pp-narrow' : 'pp-wide';
  const address = p.isVod ? null : addressLine(p.venueAddress, locale);
  if (!address) return `<p class="pp-dim ${shown}${narrow ? ' pp-sm pp-cut' : ''}">${text}</p>`;
  return (
    `<div class="pp-place ${shown}"><p class="pp-dim${narrow ? ' pp-sm pp-cut' : ''}">${text}</p>` +
    `<p class="pp-dim pp-addr" title="${esc(address)}">${esc(address)}</p></div>`
  );
}

/** The calendar's icon (src/ui/CalendarButton.tsx). */
const CALENDAR =
  '<svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">' +
  '<rect x="4" y="5" width="16" height="16" rx="2"/><path d="M16 3v4M8 3v4M4 11h16M12 14v4M10 16h4"/></svg>';

/**
 * The shop's header (src/app/Layout.tsx): its name, and with a menu (issue 35) the menu button of a phone
 * or tablet before it and the menu's links of a laptop after it, where they take the tagline's place.
 */
function header(t: Translate, locale: Locale, menu: readonly MenuEntry[], onBoard: boolean): string {
  const links = [
    [BOARD_PATH, t('nav.board'), onBoard] as const,
    ...menu.map((e) => [MENU_PATHS[e], t(`nav.${e}`), false] as const),
  ].map(
    ([href, label, on]) =>
      `<a class="pp-navlink${on ? ' pp-navon' : ''}" href="${href}"${on ? ' aria-current="page"' : ''}>${esc(label)}</a>`,
  );
  const withMenu = menu.length > 0;
  return (
    `<header class="pp-header"><div class="pp-c pp-hrow"><div class="pp-hstart">` +
    (withMenu ? `<span class="pp-burger" aria-hidden="true">${BURGER}</span>` : '') +
    `<a class="pp-brand" href="/">${esc(t('app.name'))}</a>` +
    (withMenu ? `<nav class="pp-nav" aria-label="${esc(t('nav.label'))}">${links.join('')}</nav>` : '') +
    `</div>` +
    `<div class="pp-hend"><span class="pp-tagline${withMenu ? ' pp-tnav' : ''}">${esc(t('app.tagline'))}</span>` +
    `<a class="pp-account" href="/customer-area">${PERSON}<span class="pp-acclabel">${esc(t('account.header'))}</span></a>` +
    `<span class="pp-lang" aria-hidden="true">${esc(locale.toUpperCase())}</span></div>` +
    `</div></header>`
  );
}

/** The personal area's sign on a phone (src/app/AccountButton.tsx). */
const PERSON =
  '<svg class="pp-accicon" width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">' +
  '<circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" stroke-width="2"/>' +
  '<path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

/** The menu button's three lines (src/app/MenuButton.tsx). */
const BURGER =
  '<svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">' +
  '<path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>';

function chip(label: string, checked: boolean): string {
  return `<span class="pp-chip${checked ? ' pp-on' : ''}">${esc(label)}</span>`;
}

function dateChips(i: PrepaintInput, t: Translate): string {
  const today = calendarDate(i.now);
  const chips = [chip(t('events.allDates'), true)];
  for (let n = 0; n < DATE_CHIPS - 1; n++) {
    const d = addDaysIso(today, n);
    const { weekday, date } = formatDayChip(d, i.locale);
    const label = n === 0 ? t('events.today') : n === 1 ? t('events.tomorrow') : weekday;
    chips.push(chip(`${label} ${date}`, false));
  }
  return `<div class="pp-row" aria-label="${esc(t('events.dateFilter'))}">${chips.join('')}</div>`;
}

function filters(t: Translate): string {
  const kinds = [
    chip(t('events.filters.allKinds'), true),
    ...KINDS.map((k) => chip(t(`events.kind.${k}`), false)),
  ];
  return (
    `<div class="pp-filters">` +
    `<div class="pp-field pp-search"><span class="pp-label">${esc(t('events.filters.search'))}</span>` +
    `<span class="pp-input pp-placeholder">${esc(t('events.filters.searchPlaceholder'))}</span></div>` +
    `<div class="pp-field pp-venue"><span class="pp-label">${esc(t('events.filters.venue'))}</span>` +
    `<span class="pp-input">${esc(t('events.filters.allVenues'))}</span></div>` +
    `<div class="pp-row pp-kinds" aria-label="${esc(t('events.filters.kind'))}">${kinds.join('')}</div>` +
    `</div>`
  );
}

function card(g: FeatureGroup, i: PrepaintInput, t: Translate): string {
  const { lead, showtimes } = g;
  const { locale } = i;
  const { title, meta, oneHall, shared, own } = featureCardText(g, locale, t);
  const tags = [`<span class="pp-tag pp-cat">${esc(t(`category.${lead.category}`))}</span>`];
  if (!lead.isReserved && !lead.isVod)
    tags.push(`<span class="pp-tag pp-plain">${esc(t('events.generalAdmission'))}</span>`);
  for (const b of shared) tags.push(`<span class="pp-tag">${esc(badgeText(b, locale, t))}</span>`);
  const src = i.posterOf(lead);
  const poster = src
    ? `<img src="${esc(src)}" alt="${esc(title)}" width="120" height="180" fetchpriority="high" decoding="async" />`
    : '';
  const action = lead.isVod
    ? `<div class="pp-action pp-vod">${showtimes
        .map(
          (p) =>
            `<p class="pp-meta">${esc(t('events.availableUntil', { date: formatDateTime(p.saleEnd, locale) }))}</p>` +
            (p.saleStatus === 'open' && !p.locationOffline
              ? `<a class="pp-watch" href="/vod/${p.id}">${esc(t('events.watch'))}<span class="pp-sr"> — ${esc(title)}</span></a>`
              : ''),
        )
        .join('')}</div>`
    : `<ul class="pp-action pp-times" aria-label="${esc(t('events.showtimes'))}">${showtimes
        .map((s) => `<li>${showtime(s, title, own.get(s.id) ?? [], !oneHall, locale, t)}</li>`)
        .join('')}</ul>`;
  return (
    `<article class="pp-card"><div class="pp-poster">${poster}</div><div class="pp-body">` +
    `<div class="pp-tags">${tags.join('')}</div><h3 class="pp-title">${esc(title)}</h3>` +
    `<p class="pp-meta">${esc(meta)}</p></div>${action}</article>`
  );
}

function showtime(
  p: PresentationSummary,
  title: string,
  badges: FormatBadge[],
  showHall: boolean,
  locale: Locale,
  t: Translate,
): string {
  const mark = showtimeMark(p);
  let content = `<span class="pp-clock">${esc(formatShowTime(p.dateTime, locale, t))}</span>`;
  if (showHall) content += ` <span class="pp-hall">${esc(pickText(p.hallName, locale))}</span>`;
  if (badges.length > 0)
    content += ` <span class="pp-fmt">${esc(badges.map((b) => badgeText(b, locale, t)).join(' · '))}</span>`;
  if (mark) {
    const text =
      mark === 'notStarted'
        ? t('events.mark.notStarted', {
            date: `${formatDate(p.saleStart, locale)} ${formatTime(p.saleStart, locale)}`,
          })
        : t(`events.mark.${mark}`);
    content += ` <span class="pp-mark">${esc(text)}</span>`;
  }
  if (mark === null || mark === 'few')
    return `<a class="pp-time${mark === 'few' ? ' pp-few' : ''}" href="/order/${p.id}">${content} <span class="pp-sr">— ${esc(t('events.purchaseTitle', { title }))}</span></a>`;
  return `<span class="pp-time pp-closed">${content}</span>`;
}
