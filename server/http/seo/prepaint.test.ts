import { describe, expect, it } from 'vitest';
import { presentationSummary } from '../../../test/fixtures/presentationSummary.ts';
import { boardPrepaint, orderPrepaint } from './prepaint.ts';
import { PREPAINT_CSS } from './prepaintCss.ts';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const EVIL = '</h3><script>alert(1)</script> "q" & <b>';

const board = [
  presentationSummary({ id: 1 }),
  presentationSummary({ id: 2, dateTime: '2026-11-22T20:00:00Z', availability: 'few', seatsLeft: 3 }),
  presentationSummary({ id: 3, featureId: 2, title: { he: EVIL, en: EVIL }, availability: 'soldOut' }),
  presentationSummary({ id: 4, featureId: 3, dateTime: '2026-11-23T18:00:00Z', businessDate: '2026-11-23' }),
  ...[5, 6, 7].map((n) =>
    presentationSummary({
      id: n,
      featureId: n + 10,
      dateTime: '2026-11-24T18:00:00Z',
      businessDate: '2026-11-24',
    }),
  ),
];

const render = (locale: 'he' | 'en') =>
  boardPrepaint({
    board,
    locale,
    now: NOW,
    layout: 'grid',
    posterOf: (p) => (p.featureId === 1 ? '/posters/feature-1.svg' : null),
  });

describe("the board's first screen as the box office writes it", () => {
  it('has the shop’s heading, filters and counts in the page’s language', () => {
    const en = render('en');
    expect(en).toMatch(/^<div id="prepaint" class="pp">/);
    expect(en).toContain('<h1 class="pp-h1">Events board</h1>');
    expect(en).toContain('Events: 6 · showtimes: 7');
    expect(en).toContain('All times are Israel time (now: Sunday, 22/11/2026, 12:00).');
    expect(render('he')).toContain('<h1 class="pp-h1">לוח אירועים</h1>');
  });

  it('shows the first four features as cards, their showtimes as links to the order', () => {
    const html = render('en');
    expect(html.match(/<article class="pp-card">/g)).toHaveLength(4);
    // One card per feature a day: the 19:30 and the 22:00 of feature 1 share one.
    const first = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
    expect(first).toContain('href="/order/1"');
    expect(first).toContain('href="/order/2"');
    expect(html).toContain('<a class="pp-time" href="/order/1"><span class="pp-clock">19:30</span>');
    expect(html).toContain(
      '<a class="pp-time pp-few" href="/order/2"><span class="pp-clock">22:00</span> <span class="pp-mark">Few seats left</span>',
    );
    expect(html).toContain('<span class="pp-sr">— Buy tickets for The Lighthouse Keeper</span>');
    // Sold out: no link.
    expect(html).not.toContain('href="/order/3"');
    expect(html).toContain('<span class="pp-time pp-closed">');
    // The fifth feature waits for the shop.
    expect(html).not.toContain('href="/order/6"');
    expect(html).toContain(
      '<img src="/posters/feature-1.svg" alt="The Lighthouse Keeper" width="120" height="180"',
    );
    expect(html).toContain('<h2 class="pp-daytitle">Monday, 23/11/2026</h2>');
  });

  it('escapes every text of the catalogue', () => {
    const html = render('en');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;/h3&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;q&quot; &amp; &lt;b&gt;');
  });

  it('says so when nothing is on sale', () => {
    const html = boardPrepaint({ board: [], locale: 'en', now: NOW, layout: 'list', posterOf: () => null });
    expect(html).toContain('There are no events on sale for this date.');
    expect(html).not.toContain('pp-card');
  });
});

describe('the header of the first screen', () => {
  it('has the menu the shop draws: its button, then the board and each entry for sale (issue 35)', () => {
    const html = boardPrepaint({
      board,
      locale: 'he',
      now: NOW,
      layout: 'grid',
      posterOf: () => null,
      menu: ['giftCards', 'watchAtHome'],
    });
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(header).toContain('<span class="pp-burger" aria-hidden="true"><svg');
    expect(header).toContain(
      '<nav class="pp-nav" aria-label="תפריט ראשי">' +
        '<a class="pp-navlink pp-navon" href="/" aria-current="page">אירועים</a>' +
        '<a class="pp-navlink" href="/digital">כרטיסי מתנה</a>' +
        '<a class="pp-navlink" href="/digital/Presentation">צפייה בבית</a></nav>',
    );
    expect(header).toContain('<span class="pp-tagline pp-tnav">');
  });

  it('has no menu when nothing but seats is for sale', () => {
    const header = render('en').slice(0, render('en').indexOf('</header>'));
    expect(header).not.toContain('pp-nav');
    expect(header).not.toContain('pp-burger');
    expect(header).toContain('<span class="pp-tagline">');
  });
});

describe("an order page's first screen on a phone (issue 35)", () => {
  const show = presentationSummary({
    id: 9,
    venueAddress: {
      street: { he: 'רחוב הרצל 54', en: '54 Herzl St' },
      city: { he: 'חיפה', en: 'Haifa' },
      postalCode: '',
      country: 'IL',
    },
  });

  it('has the title beside the calendar icon, named in the page’s language, and one line of date · venue · hall', () => {
    const en = orderPrepaint(show, 'en');
    expect(en).toContain(
      '<div class="pp-trow"><h1 class="pp-h1">The Lighthouse Keeper</h1>' +
        '<a class="pp-calicon" href="/api/presentations/9/calendar.ics?language=en" download ' +
        'aria-label="Add to calendar"><svg',
    );
    expect(en).toContain(
      '<div class="pp-place pp-narrow"><p class="pp-dim pp-sm pp-cut">' +
        '<time datetime="2026-11-22T17:30:00Z" title="Sunday, 22/11/2026, 19:30">Sun, 22/11, 19:30</time>' +
        ' · Hadar Cinema · Hall 1</p><p class="pp-dim pp-addr" title="54 Herzl St, Haifa">',
    );
    // The wide heading stays for a larger screen: its badge, venue line and date with the calendar's words.
    expect(en).toContain('<div class="pp-wide"><span class="pp-badge">');
    expect(en).toContain('<div class="pp-place pp-wide"><p class="pp-dim">Hadar Cinema · Hall 1</p>');
    expect(en).toContain('<div class="pp-when pp-wide">');
    const he = orderPrepaint(presentationSummary({ id: 9 }), 'he');
    expect(he).toContain('aria-label="הוספה ליומן"');
    expect(he).toContain('<p class="pp-dim pp-narrow pp-sm pp-cut"><time ');
    expect(he).toContain(' · קולנוע הדר · אולם 1</p>');
  });

  it('folds at the shop’s phone width, hiding the wide heading there only', () => {
    // The shop's PHONE_QUERY (src/ui/breakpoints.ts, which the server may not import).
    const phone = PREPAINT_CSS.slice(PREPAINT_CSS.indexOf('@media (max-width: 37.5em) {'));
    expect(phone).toContain('.pp-wide { display: none; }');
    expect(phone).toContain('div.pp-narrow { display: flex; }');
    expect(PREPAINT_CSS.slice(0, PREPAINT_CSS.indexOf('@media'))).toContain(
      '.pp-calicon, .pp-narrow { display: none; }',
    );
  });
});

describe('a show after midnight on the first screens', () => {
  // Saturday 5 December 2026, 00:15 in Jerusalem: on the board under Friday, as Friday night.
  const night = presentationSummary({ id: 9, dateTime: '2026-12-04T22:15:00Z', businessDate: '2026-12-04' });

  it('says Friday night on the board and on the order page, as the shop does', () => {
    const page = (locale: 'he' | 'en') =>
      boardPrepaint({ board: [night], locale, now: NOW, layout: 'grid', posterOf: () => null, menu: [] });
    expect(page('en')).toContain('<span class="pp-clock">Friday night, 00:15</span>');
    expect(page('en')).toContain('Friday, 04/12/2026</h2>');
    expect(page('he')).toContain('<span class="pp-clock">שישי בלילה, 00:15</span>');
    expect(orderPrepaint(night, 'en')).toContain('Friday night, 00:15 (Saturday, 05/12/2026)');
    expect(orderPrepaint(night, 'he')).toContain('שישי בלילה, 00:15 (יום שבת, 05.12.2026)');
  });
});
