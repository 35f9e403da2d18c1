// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupDom } from '../../../test/dom.ts';
import { ticketFixture } from '../../../test/fixtures/ticket.ts';
import { session } from '../../state/session.ts';
import { PriceList } from './PriceList.tsx';

const fee = { amount: 1200, label: { en: 'handling fee' } };

function renderList(tickets: ReturnType<typeof ticketFixture>[]) {
  return render(
    <MantineProvider>
      <PriceList ticketGroups={[{ id: 1, name: { en: 'Level D' }, tickets }]} serviceCharge={fee} />
    </MantineProvider>,
  );
}

beforeAll(setupDom);
beforeEach(async () => {
  session.locale = 'en';
  await i18next.changeLanguage('en');
});
afterEach(cleanup);

describe('PriceList', () => {
  it('shows each ticket all in, the one fee said once, a couple ticket with a fee per seat', () => {
    renderList([
      ticketFixture(1, 4500),
      { ...ticketFixture(2, 8000), multiplyFactor: 2 },
      { ...ticketFixture(3, 0), isMultiplyFactorSubTicket: true },
    ]);
    expect(screen.getByText('₪57.00')).toBeInTheDocument();
    expect(screen.getByText('₪104.00')).toBeInTheDocument();
    // The sub-ticket comes with the couple ticket: never a row of its own.
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByTestId('price-list-fee')).toHaveTextContent(
      'Prices include the handling fee of ₪12.00 per ticket.',
    );
  });

  it('names each row its own fee when the fees differ', () => {
    renderList([ticketFixture(1, 4500), { ...ticketFixture(2, 3500), serviceCharge: 300 }]);
    expect(screen.getByText('₪38.00')).toBeInTheDocument();
    expect(screen.getByText('incl. ₪3.00 handling fee')).toBeInTheDocument();
    expect(screen.getByText('incl. ₪12.00 handling fee')).toBeInTheDocument();
    expect(screen.queryByTestId('price-list-fee')).toBeNull();
  });
});
