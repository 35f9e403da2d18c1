import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { defaultSettings } from '../../../server/settings.ts';
import type { MembershipForSale, MembershipPrice } from '../../api/contract/memberships.ts';
import type { CustomerAccount } from '../../api/contract/customer.ts';
import { customerState } from '../../state/customer.ts';
import { clearPurchase } from '../../state/purchase.ts';
import { createMembershipStore } from './store.ts';

vi.mock('./api.ts', () => ({ membershipApi: {} }));

const price = (over: Partial<MembershipPrice> = {}): MembershipPrice => ({
  MembershipPriceId: 401,
  PriceCode: null,
  Price: 54000,
  name: { en: 'Series subscription' },
  currency: { CurrencyId: 1, CurrencySymbol: '₪', CurrencyCode: 'ILS' },
  SystemVoucherReference: null,
  DiscountId: null,
  discount: null,
  references: [],
  termsId: null,
  kind: 'new',
  topUpBalance: 0,
  ...over,
});
const membership = (over: Partial<MembershipForSale> = {}): MembershipForSale => ({
  MembershipId: 4,
  Name: { en: 'Classics series' },
  Code: 'SERIES-CLASSICS',
  ClassName: 'concert-series',
  MembershipTypeId: 2,
  subtitle: null,
  description: null,
  prices: [price()],
  terms: [],
  hasSeats: true,
  presentations: [],
  isEnrolment: false,
  ticketBalance: 0,
  validityMonths: 12,
  maxQuantity: 2,
  ...over,
});
const settings = () => defaultSettings(loadConfig({}));
const create = (m: MembershipForSale) => createMembershipStore(settings(), m, [m], `/membership/${m.Code}`);

beforeEach(() => {
  vi.stubGlobal('window', { scrollTo: vi.fn(), location: { search: '', assign: vi.fn() }, history: {} });
  clearPurchase('memberships');
});
afterEach(() => {
  vi.unstubAllGlobals();
  customerState.customer = null;
});

describe('the membership store’s steps (issue 35)', () => {
  it('has no login step for a customer logged in when it starts, and a seats step from the start', () => {
    customerState.customer = { FirstName: 'Avi' } as CustomerAccount;
    const store = create(membership());
    expect(store.steps()).toEqual(['choose', 'seats', 'payment', 'confirmation']);
    // Joining a series goes to its seat; the steps stay the same.
    store.join(store.membership, store.membership.prices[0]!);
    expect(store.state.step).toBe('seats');
    expect(store.steps()).toEqual(['choose', 'seats', 'payment', 'confirmation']);
    // The cart emptied (as on the confirmation): still four steps.
    clearPurchase('memberships');
    expect(store.steps()).toHaveLength(4);
  });

  it('asks a customer not logged in to log in; a membership without seats has no seats step', () => {
    const store = create(membership({ hasSeats: false, MembershipTypeId: 1 }));
    expect(store.steps()).toEqual(['choose', 'auth', 'payment', 'confirmation']);
    store.join(store.membership, store.membership.prices[0]!);
    expect(store.state.step).toBe('auth');
  });

  it('waits on the choice for what a price asks for (its terms) before it goes on', () => {
    const store = create(membership({ hasSeats: false, prices: [price({ termsId: 1 })] }));
    store.join(store.membership, store.membership.prices[0]!);
    expect(store.lines()).toHaveLength(1);
    expect(store.state.step).toBe('choose');
    store.setTerms(0, true);
    store.join(store.membership, store.membership.prices[0]!);
    expect(store.lines()).toHaveLength(1);
    expect(store.state.step).toBe('auth');
  });
});
