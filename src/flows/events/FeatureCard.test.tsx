// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupDom } from '../../../test/dom.ts';
import { presentationSummary } from '../../../test/fixtures/presentationSummary.ts';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { session } from '../../state/session.ts';
import { groupBoard } from '../../domain/board.ts';
import { FeatureCard } from './FeatureCard.tsx';

/** The demo's 3D film, dubbed into Hebrew. */
const show = (over: Partial<PresentationSummary> & { id: number }) =>
  presentationSummary({
    featureId: 2,
    title: { he: 'מסע בין הכוכבים 3D', en: 'Star Voyagers 3D' },
    dubbing: 'he',
    subtitles: null,
    durationMinutes: 95,
    ...over,
  });

function renderCard(shows: PresentationSummary[]) {
  const group = groupBoard(shows)[0]!.features[0]!;
  return render(
    <MantineProvider>
      <MemoryRouter>
        <FeatureCard group={group} eager={false} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeAll(setupDom);

beforeEach(async () => {
  session.locale = 'en';
  await i18next.changeLanguage('en');
});

afterEach(cleanup);

describe('FeatureCard', () => {
  it('shows a film once with its poster, badges and every showtime as a link to its order', () => {
    renderCard([
      show({ id: 1 }),
      show({ id: 2, dateTime: '2026-11-22T19:00:00Z', hallName: { en: 'Hall 2' }, seatplanId: 12 }),
    ]);
    expect(screen.getByRole('heading', { level: 3, name: 'Star Voyagers 3D' })).toBeInTheDocument();
    const poster = screen.getByRole('img', { name: 'Star Voyagers 3D' });
    expect(poster).toHaveAttribute('src', '/posters/feature-2.svg');
    expect(poster).toHaveAttribute('loading', 'lazy');
    expect(poster).toHaveAttribute('width', '120');
    expect(poster).toHaveAttribute('height', '180');
    expect(screen.getByText('3D')).toBeInTheDocument();
    expect(screen.getByText('Dubbed: Hebrew')).toBeInTheDocument();
    expect(screen.getByText('Hadar Cinema · 95 min · From ₪42.00')).toBeInTheDocument();

    const links = screen.getAllByTestId('purchase-button');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/order/1', '/order/2']);
    // 17:30 UTC is 19:30 in Jerusalem; the halls differ, so each button names its own.
    expect(links[0]).toHaveTextContent(/^19:30 Hall 1/);
    expect(screen.getByRole('link', { name: /^19:30 Hall 1 — Buy tickets for Star Voyagers 3D$/ })).toBe(
      links[0],
    );
    expect(links[1]).toHaveTextContent(/^21:00 Hall 2/);
  });

  it("says its lowest price all in, the showtimes' handling fees included", () => {
    // The price first seen is the price paid: the cheapest showtime all in, and that fees are in it.
    renderCard([
      show({ id: 1, minPrice: 6200, minServiceCharge: 500 }),
      show({ id: 2, minPrice: 5700, minServiceCharge: 1200, dateTime: '2026-11-22T19:00:00Z' }),
    ]);
    expect(screen.getByText('Hadar Cinema · Hall 1 · 95 min · From ₪57.00 incl. fees')).toBeInTheDocument();
  });

  it('marks few seats on a link, and sold out, ended and not yet on sale on no link', () => {
    renderCard([
      show({ id: 1, availability: 'few', seatsLeft: 4 }),
      show({ id: 2, availability: 'soldOut', seatsLeft: 0 }),
      show({ id: 3, saleStatus: 'ended' }),
      show({ id: 4, saleStatus: 'not_started', saleStart: '2026-11-20T08:00:00Z' }),
    ]);
    const few = screen.getByTestId('purchase-button');
    expect(few).toHaveAttribute('href', '/order/1');
    expect(within(few).getByText('Few seats left')).toBeInTheDocument();
    const closed = screen.getAllByTestId('showtime-closed');
    expect(closed.map((c) => c.getAttribute('data-mark'))).toEqual(['soldOut', 'ended', 'notStarted']);
    expect(closed[0]).toHaveTextContent('Sold out');
    expect(closed[1]).toHaveTextContent('Sale ended');
    expect(closed[2]).toHaveTextContent('Sale opens 20/11/2026 10:00');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('marks an offline venue’s showtimes (location offline) with no link to the order', () => {
    renderCard([show({ id: 1 }), show({ id: 2, locationOffline: true })]);
    expect(screen.getByTestId('purchase-button')).toHaveAttribute('href', '/order/1');
    const closed = screen.getByTestId('showtime-closed');
    expect(closed).toHaveAttribute('data-mark', 'offline');
    expect(closed).toHaveTextContent('Box office only');
  });

  it('offers video on demand a Watch link, not showtimes', () => {
    renderCard([
      show({ id: 5, isVod: true, category: 'video', isReserved: false, title: { en: 'At home' } }),
    ]);
    const watch = screen.getByTestId('watch-button');
    expect(watch).toHaveAttribute('href', '/vod/5');
    expect(screen.getByRole('link', { name: 'Watch — At home' })).toBe(watch);
    expect(screen.queryByTestId('purchase-button')).not.toBeInTheDocument();
    expect(screen.getByText(/^Available until /)).toBeInTheDocument();
  });

  it('speaks Hebrew when the page does, the hall said once when all showtimes share it', async () => {
    session.locale = 'he';
    await i18next.changeLanguage('he');
    renderCard([show({ id: 1, isReserved: false, hallName: { he: 'אולם 1' } }), show({ id: 2 })]);
    expect(screen.getByRole('heading', { level: 3, name: 'מסע בין הכוכבים 3D' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'מסע בין הכוכבים 3D' })).toBeInTheDocument();
    expect(screen.getByText(/^קולנוע הדר · אולם 1 ·/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /לרכישת כרטיסים|רכישת כרטיסים/ })).toHaveLength(2);
    expect(screen.getAllByTestId('purchase-button')[0]).toHaveTextContent(/^19:30 —/);
  });
});
