// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupDom } from '../../test/dom.ts';
import type { OrderMembership } from '../api/contract/memberships.ts';
import { session } from '../state/session.ts';
import { MembershipCard } from './MembershipCard.tsx';

function membership(over: Partial<OrderMembership> = {}): OrderMembership {
  return {
    membershipId: 1,
    name: { en: 'Friends of the Philharmonic', he: 'ידידי הפילהרמונית' },
    priceName: { en: 'Member' },
    kind: 'new',
    memberNumber: '97059530',
    unitPrice: 45000,
    discount: 0,
    total: 45000,
    currencyCode: 'ILS',
    startDate: '2026-11-23',
    endDate: '2027-11-23',
    balance: null,
    isCancelled: false,
    seat: null,
    vouchers: [],
    topUpTickets: 0,
    termsTitle: { en: 'Friends terms' },
    ...over,
  };
}

const show = (m: OrderMembership) =>
  render(
    <MantineProvider>
      <MembershipCard m={m} name="Dana Levi" />
    </MantineProvider>,
  );

beforeAll(setupDom);
afterEach(async () => {
  cleanup();
  session.locale = 'en';
  await i18next.changeLanguage('en');
});

describe('MembershipCard', () => {
  it('prints the member, the number with its barcode, the dates, the price paid and the terms', () => {
    session.locale = 'en';
    show(membership());
    expect(screen.getByTestId('member-number').textContent).toBe('97059530');
    expect(screen.getByTestId('member-barcode').getAttribute('data-value')).toBe('97059530');
    expect(screen.getByTestId('membership-member-name').textContent).toBe('Dana Levi');
    expect(screen.getByTestId('membership-validity').textContent).toBe('Valid from 23/11/2026 to 23/11/2027');
    expect(screen.getByTestId('membership-paid').textContent).toBe('Paid ₪450.00');
    expect(screen.getByTestId('membership-terms').textContent).toBe('Terms: Friends terms');
    expect(screen.queryByTestId('membership-topup')).toBeNull();
  });

  it('shows a top-up with the tickets it added, a price in euros, and no barcode before a number', async () => {
    session.locale = 'he';
    await i18next.changeLanguage('he');
    show(membership({ kind: 'topUp', topUpTickets: 10, balance: 18, termsTitle: null }));
    expect(screen.getByTestId('membership-topup').textContent).toContain('+10');
    expect(screen.queryByTestId('membership-terms')).toBeNull();
    cleanup();
    session.locale = 'en';
    await i18next.changeLanguage('en');
    show(membership({ memberNumber: null, currencyCode: 'EUR', total: 12000, isCancelled: true }));
    expect(screen.getByTestId('member-number').textContent).toBe('—');
    expect(screen.queryByTestId('member-barcode')).toBeNull();
    expect(screen.getByTestId('membership-paid').textContent).toContain('€120.00');
    expect(screen.getByTestId('membership-cancelled').textContent).toBe('Cancelled');
  });
});
