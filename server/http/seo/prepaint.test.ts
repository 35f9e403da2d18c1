import { describe, expect, it } from 'vitest';
import { presentationSummary } from '../../../test/fixtures/presentationSummary.ts';
import { boardPrepaint } from './prepaint.ts';

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
