// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupDom } from '../../test/dom.ts';
import type { OrderDocument } from '../api/contract/order.ts';
import { session } from '../state/session.ts';
import { OrderLinesTable } from './OrderLinesTable.tsx';

const GLASSES = { id: 1, name: { en: '3D glasses', he: 'משקפי תלת-ממד' }, price: 500 };

function ticket(
  seat: string,
  over: Partial<OrderDocument['tickets'][number]> = {},
): OrderDocument['tickets'][number] {
  return {
    ticketIdentifier: `T${seat}`,
    presentationId: 7,
    sectionId: 1,
    x: Number(seat) || 0,
    y: 5,
    section: 'Stalls',
    sectionNames: {},
    row: '5',
    seat,
    ticketGroupName: { en: 'Standard', he: 'רגיל' },
    ticketName: { en: 'Regular', he: 'רגיל' },
    price: 4200,
    serviceCharge: 500,
    isSubTicket: false,
    ticketCode: null,
    addons: [GLASSES],
    ...over,
  };
}

function order(tickets: OrderDocument['tickets']): OrderDocument {
  return {
    reservationIdentifier: 'ABCDEFGHJK',
    documentKey: 'k'.repeat(32),
    createdAt: '2026-11-22T10:00:00Z',
    locale: 'en',
    customerName: 'Dana Levi',
    presentations: [
      {
        id: 7,
        title: { en: 'Star Voyagers 3D' },
        category: 'movie',
        venueName: { en: 'Hadar Cinema' },
        hallName: { en: 'Hall 1' },
        dateTime: '2026-11-23T17:30:00Z',
        isReserved: true,
        isDisplayQr: true,
      },
    ],
    tickets,
    products: [],
    serviceChargeLabel: { en: 'handling fee', he: 'דמי טיפול' },
    totals: { tickets: 0, addons: 0, serviceCharge: 0, products: 0, vouchers: 0, donations: 0, total: 0 },
    isHold: false,
    holdDeadline: null,
    holdExpired: false,
    location: null,
    deliveryAddress: null,
    vouchers: [],
    donations: [],
    videos: [],
    donationReceipt: null,
    payments: [],
    hasWaiver: false,
  };
}

const show = (doc: OrderDocument) =>
  render(
    <MantineProvider>
      <OrderLinesTable order={doc} />
    </MantineProvider>,
  );

beforeAll(setupDom);
afterEach(async () => {
  cleanup();
  session.locale = 'en';
  await i18next.changeLanguage('en');
});

describe('OrderLinesTable', () => {
  it('shows seats side by side as one range with its tickets and add-ons, a seat apart on its own line', () => {
    session.locale = 'en';
    show(
      order([
        ticket('4'),
        ticket('3'),
        ticket('5', { addons: [] }),
        ticket('8', { ticketName: { en: 'Student' }, price: 3600, addons: [] }),
      ]),
    );
    const lines = screen.getAllByTestId('confirmation-ticket');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Stalls, row 5, seats \u20663–5\u20693 × Regular · Standard₪126.00',
      'Stalls, row 5, seat 8Student · Standard₪36.00',
    ]);
    const addons = screen.getAllByTestId('order-addon');
    expect(addons.map((a) => a.textContent)).toEqual(['+ 3D glasses × 2₪10.00']);
  });

  it('keeps the range in reading order in Hebrew, under the section’s Hebrew name', async () => {
    session.locale = 'he';
    await i18next.changeLanguage('he');
    const names = { sectionNames: { he: 'אולם', en: 'Stalls' } };
    show(order([ticket('3', names), ticket('4', names)]));
    const line = screen.getByTestId('confirmation-ticket');
    expect(within(line).getByText(/מושבים/).textContent).toBe('אולם, שורה 5, מושבים \u20663–4\u2069');
    expect(screen.getByTestId('order-addon').textContent).toContain('משקפי תלת-ממד × 2');
  });
});
