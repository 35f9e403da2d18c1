import { describe, expect, it } from 'vitest';
import { presentationSummary } from '../../../test/fixtures/presentationSummary.ts';
import { orderPrepaint } from './prepaint.ts';
import { PREPAINT_CSS } from './prepaintCss.ts';

const EVIL = '</h3><script>alert(1)</script> "q" & <b>';

describe("the header of an order page's first screen", () => {
  const show = presentationSummary({ id: 9 });

  it('has the menu the shop draws: its button, then the board and each entry for sale (issue 35)', () => {
    const html = orderPrepaint(show, 'he', ['giftCards', 'watchAtHome']);
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(header).toContain('<span class="pp-burger" aria-hidden="true"><svg');
    expect(header).toContain(
      '<nav class="pp-nav" aria-label="תפריט ראשי">' +
        '<a class="pp-navlink" href="/">אירועים</a>' +
        '<a class="pp-navlink" href="/digital">כרטיסי מתנה</a>' +
        '<a class="pp-navlink" href="/digital/Presentation">צפייה בבית</a></nav>',
    );
    expect(header).toContain('<span class="pp-tagline pp-tnav">');
  });

  it('has no menu when nothing but seats is for sale', () => {
    const html = orderPrepaint(show, 'en');
    const header = html.slice(0, html.indexOf('</header>'));
    expect(header).not.toContain('pp-nav');
    expect(header).not.toContain('pp-burger');
    expect(header).toContain('<span class="pp-tagline">');
  });

  it('escapes every text of the catalogue', () => {
    const html = orderPrepaint(presentationSummary({ id: 3, title: { he: EVIL, en: EVIL } }), 'en');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;/h3&gt;&lt;script&gt;');
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

describe('a show after midnight on the first screen', () => {
  // Saturday 5 December 2026, 00:15 in Jerusalem: Friday night.
  const night = presentationSummary({ id: 9, dateTime: '2026-12-04T22:15:00Z', businessDate: '2026-12-04' });

  it('says Friday night on the order page, as the shop does', () => {
    expect(orderPrepaint(night, 'en')).toContain('Friday night, 00:15 (Saturday, 05/12/2026)');
    expect(orderPrepaint(night, 'he')).toContain('שישי בלילה, 00:15 (יום שבת, 05.12.2026)');
  });
});
