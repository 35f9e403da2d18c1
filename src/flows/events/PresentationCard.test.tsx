// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { setupDom } from '../../../test/dom.ts';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { session } from '../../state/session.ts';
import { PresentationCard } from './PresentationCard.tsx';

function presentation(overrides: Partial<PresentationSummary> = {}): PresentationSummary {
  return {
    id: 42,
    featureId: 7,
    title: { he: 'החליל הקסום', en: 'The Magic Flute' },
    featureCategoryId: 3,
    category: 'orchestra',
    venueId: 1,
    venueName: { he: 'היכל התרבות', en: 'Culture Palace' },
    hallName: { he: 'אולם גדול', en: 'Main Hall' },
    seatplanId: 11,
    venueTypeId: 1,
    seatingPolicyId: 1,
    isReserved: true,
    isVod: false,
    authProfileId: 1,
    businessId: 1,
    dateTime: '2026-07-01T17:30:00Z',
    businessDate: '2026-07-01',
    saleStart: '2026-05-01T06:00:00Z',
    saleEnd: '2026-07-01T17:00:00Z',
    saleStatus: 'open',
    language: null,
    dubbing: null,
    subtitles: null,
    durationMinutes: 0,
    minPrice: 4200,
    ...overrides,
  };
}

function renderCard(p: PresentationSummary) {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <PresentationCard presentation={p} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeAll(setupDom);

afterEach(async () => {
  cleanup();
  session.locale = 'en';
  await i18next.changeLanguage('en');
});

describe('PresentationCard', () => {
  it('shows an open reserved presentation with its price and a Buy tickets link', () => {
    session.locale = 'en';
    renderCard(presentation());

    expect(screen.getByRole('heading', { name: 'The Magic Flute' })).toBeInTheDocument();
    expect(screen.getByText('Culture Palace · Main Hall')).toBeInTheDocument();
    expect(screen.getByText('From ₪42.00')).toBeInTheDocument();
    // Start time in Jerusalem summer time.
    expect(screen.getByText(/Wednesday.*01\/07\/2026.*20:30/)).toBeInTheDocument();

    const buy = screen.getByText('Buy tickets').closest('a');
    expect(buy).not.toBeNull();
    expect(buy).toHaveAttribute('href', '/order/42');
    expect(screen.getByRole('link', { name: 'Buy tickets for The Magic Flute' })).toBe(buy);
    expect(screen.queryByText('Watch')).not.toBeInTheDocument();
    expect(screen.queryByText('Unreserved seating')).not.toBeInTheDocument();
  });

  it('marks a general admission presentation as unreserved', () => {
    renderCard(presentation({ isReserved: false }));
    expect(screen.getByText('Unreserved seating')).toBeInTheDocument();
    expect(screen.getByText('Buy tickets').closest('a')).toHaveAttribute('href', '/order/42');
  });

  it('shows no price line when there is no price', () => {
    renderCard(presentation({ minPrice: null }));
    expect(screen.queryByText(/^From /)).not.toBeInTheDocument();
  });

  it('offers a Watch link and no Buy link for a video-on-demand presentation', () => {
    renderCard(presentation({ id: 5, isVod: true, isReserved: false, category: 'video' }));

    const watch = screen.getByText('Watch').closest('a');
    expect(watch).not.toBeNull();
    expect(watch).toHaveAttribute('href', '/vod/5');
    expect(screen.queryByText('Buy tickets')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Buy tickets/ })).not.toBeInTheDocument();
    expect(screen.getByText(/^Available until /)).toBeInTheDocument();
  });

  it('tells when the sale opens and offers no Buy link before it does', () => {
    renderCard(presentation({ saleStatus: 'not_started', saleStart: '2026-06-01T06:00:00Z' }));

    const notice = screen.getByText(/^Ticket sale opens on /);
    // 06:00 UTC on 1 June is 09:00 in Jerusalem.
    expect(notice).toHaveTextContent(/01\/06\/2026.*09:00/);
    expect(screen.queryByText('Buy tickets')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('tells that the online sale has ended and offers no Buy link', () => {
    renderCard(presentation({ saleStatus: 'ended' }));

    expect(screen.getByText('Online ticket sale for this event has ended.')).toBeInTheDocument();
    expect(screen.queryByText('Buy tickets')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('uses the Hebrew title and texts when the locale is Hebrew', async () => {
    session.locale = 'he';
    await i18next.changeLanguage('he');
    renderCard(presentation());

    expect(screen.getByRole('heading', { name: 'החליל הקסום' })).toBeInTheDocument();
    expect(screen.queryByText('The Magic Flute')).not.toBeInTheDocument();
    expect(screen.getByText('היכל התרבות · אולם גדול')).toBeInTheDocument();
    const buy = screen.getByText('לרכישת כרטיסים').closest('a');
    expect(buy).toHaveAttribute('href', '/order/42');
  });

  it('falls back to the English title when there is none in the customer’s language', async () => {
    session.locale = 'he';
    await i18next.changeLanguage('he');
    renderCard(presentation({ title: { en: 'Only in English' } }));
    expect(screen.getByRole('heading', { name: 'Only in English' })).toBeInTheDocument();
  });
});
