import type { Locale } from '../../../src/api/contract/common.ts';
import type { PresentationSummary } from '../../../src/api/contract/presentations.ts';
import { formatShortDateTime, pickText } from '../../../src/domain/format.ts';
import { addressLine } from '../../../src/domain/venueAddress.ts';
import { formatShowDateTime, nightShortDateTime } from '../../../src/domain/showTime.ts';
import type { MenuEntry } from '../../../src/api/contract/session.ts';
import { BOARD_PATH, MENU_PATHS } from '../../../src/domain/menu.ts';
import { escapeHtml as esc } from '../../services/serverText.ts';
import type { Translate } from '../../../src/domain/boardText.ts';
import { localeTexts } from './localeTexts.ts';

/** The id of a page's first screen as the box office writes it (src/ui/prepaint.ts removes it). */
export const PREPAINT_ID = 'prepaint';

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
    header(t, locale, menu) +
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
function header(t: Translate, locale: Locale, menu: readonly MenuEntry[]): string {
  // An order page's header: none of its links is the page itself.
  const links = [
    [BOARD_PATH, t('nav.board')] as const,
    ...menu.map((e) => [MENU_PATHS[e], t(`nav.${e}`)] as const),
  ].map(([href, label]) => `<a class="pp-navlink" href="${href}">${esc(label)}</a>`);
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
