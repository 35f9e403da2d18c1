import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { defaultSettings, mergeSettings, SANDBOX_METHODS } from '../../../server/settings.ts';
import { ApiCallError } from '../../api/client.ts';
import { ticketFixture } from '../../../test/fixtures/ticket.ts';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import type { TicketCodeResult } from '../../api/contract/vouchers.ts';
import { api } from '../../api/endpoints.ts';
import { fixedDonation } from './donation.ts';
import type { HeldSeat } from './model.ts';
import { deriveOrder } from './selectors.ts';
import { createOrderStore } from './store.ts';

vi.mock('../../api/endpoints.ts', () => ({
  api: { presentationWithCodes: vi.fn(), saveCart: vi.fn(), unlockSeat: vi.fn() },
}));
const mocked = vi.mocked(api);

const ticket = ticketFixture;

const groups: TicketGroup[] = [{ id: 1, name: { en: 'Regular' }, tickets: [ticket(10, 4200)] }];
const presentation = {
  id: 7,
  authProfileId: 1,
  businessId: 1,
  title: { en: 'Show' },
  isReserved: true,
  serviceCharge: { amount: 500, label: { en: 'Handling fee' } },
  products: [],
} as unknown as Presentation;
// The sandbox's settings: voucher payments in the order flow.
const settings = mergeSettings(defaultSettings(loadConfig({})), SANDBOX_METHODS);

const result = (over: Partial<TicketCodeResult>): TicketCodeResult => ({
  code: 'X',
  kind: 'voucher',
  name: { en: 'Code' },
  uses: null,
  balance: null,
  endDate: null,
  tickets: [],
  ...over,
});
const voucher = result({
  code: 'MOVIE1-SANDBOX',
  uses: 1,
  tickets: [{ ticketGroupId: 1, ticket: ticket(150, 0), ref1: null, ref2: null }],
});
const hever = result({
  code: '458012345678',
  kind: 'partnerCard',
  tickets: [
    {
      ticketGroupId: 1,
      ticket: ticket(160, 3400),
      ref1: { label: { en: 'ID' }, options: null, pattern: '^\\d{9}$' },
      ref2: null,
    },
  ],
});
const gift = result({ code: 'GIFT-150-SANDBOX', kind: 'giftCard', balance: 15_000 });

const seat = (n: number): HeldSeat => ({
  key: `5_${n}_1`,
  sectionId: 5,
  x: n,
  y: 1,
  ticketGroup: 1,
  section: 'Stalls',
  row: '1',
  seat: String(n),
  expiresAt: Date.now() + 600_000,
  ticketId: null,
});

/** The box office answering every code asked for from those it knows. */
function boxOfficeKnows(...known: TicketCodeResult[]) {
  mocked.presentationWithCodes.mockImplementation(async (_id, codes) => {
    const out = codes.map((c) => known.find((k) => k.code === c));
    const missing = codes.find((_, i) => !out[i]);
    if (missing) throw new ApiCallError('codeNotFound', 404, 'no', { code: missing });
    return { ...presentation, ticketCodes: out as TicketCodeResult[] } as never;
  });
}

beforeEach(() => {
  vi.stubGlobal('window', { scrollTo: vi.fn() });
  for (const fn of Object.values(mocked)) fn.mockReset();
  mocked.saveCart.mockResolvedValue({} as never);
});
afterEach(() => vi.unstubAllGlobals());

describe('the order store: ticket codes and a donation', () => {
  it('applies a voucher to the seats it pays for and sends their code with them', async () => {
    boxOfficeKnows(voucher, hever);
    const store = createOrderStore(presentation, groups, settings);
    store.selectSeat([seat(1), seat(2)]);
    await store.applyCode(' movie1-sandbox');
    expect(mocked.presentationWithCodes).toHaveBeenLastCalledWith(7, ['MOVIE1-SANDBOX']);
    expect(store.state.seats.map((s) => [s.ticketId, s.ticketCode])).toEqual([
      [150, 'MOVIE1-SANDBOX'],
      [10, undefined],
    ]);
    await store.applyCode('458012345678');
    expect(mocked.presentationWithCodes).toHaveBeenLastCalledWith(7, ['MOVIE1-SANDBOX', '458012345678']);
    store.chooseTicket('5_2_1', 160, '458012345678');
    let d = deriveOrder(store.state, presentation, settings);
    expect(d.codeProblems).toEqual([{ key: '5_2_1', problem: 'required', ref: 'ref1' }]);
    store.setRef('5_2_1', 'ref1', '123456782');
    d = deriveOrder(store.state, presentation, settings);
    expect(d.codeProblems).toEqual([]);
    expect(d.total).toBe(0 + 3400 + 2 * 500);
    expect(store.checkout.host.lines().seats).toEqual([
      expect.objectContaining({ ticketId: 150, ticketCode: 'MOVIE1-SANDBOX' }),
      expect.objectContaining({ ticketId: 160, ticketCode: '458012345678', ref1: '123456782' }),
    ]);
    expect(store.checkout.host.lines().seats?.[0]).not.toHaveProperty('ref1');
  });

  it('keeps the codes as they were when the box office refuses one', async () => {
    boxOfficeKnows(voucher);
    const store = createOrderStore(presentation, groups, settings);
    store.selectSeat([seat(1)]);
    await expect(store.applyCode('NOPE-CODE')).rejects.toMatchObject({ code: 'codeNotFound' });
    await expect(store.applyCode('a b')).rejects.toMatchObject({ code: 'codeNotFound' });
    expect(store.state.codes).toEqual([]);
    expect(store.state.seats[0]!.ticketId).toBe(10);
  });

  it('sends a removed code’s seats back to the default ticket', async () => {
    boxOfficeKnows(voucher);
    const store = createOrderStore(presentation, groups, settings);
    store.selectSeat([seat(1)]);
    await store.applyCode('MOVIE1-SANDBOX');
    store.removeCode('MOVIE1-SANDBOX');
    expect(store.state.codes).toEqual([]);
    expect(store.state.seats[0]).toMatchObject({ ticketId: 10, ticketCode: undefined });
  });

  it('lets a gift card pay at the payment step, up to what is due', async () => {
    boxOfficeKnows(gift);
    const store = createOrderStore(presentation, groups, settings);
    store.selectSeat([seat(1)]);
    await store.applyCode('GIFT-150-SANDBOX');
    expect(store.state.seats[0]!.ticketCode).toBeUndefined();
    store.applyGiftCards();
    expect(store.checkout.state.vouchers).toEqual([
      expect.objectContaining({ reference: 'GIFT-150-SANDBOX', amount: 4700 }),
    ]);
    store.applyGiftCards();
    expect(store.checkout.state.vouchers).toHaveLength(1);
    store.removeCode('GIFT-150-SANDBOX');
    expect(store.checkout.state.vouchers).toEqual([]);
  });

  it('adds a donation line to the total and to the commit', () => {
    const store = createOrderStore(presentation, groups, settings);
    store.selectSeat([seat(1)]);
    const fund = {
      id: 1,
      Code: 'YOUNG-MUSICIANS',
      name: { en: 'Young Musicians Fund' },
      description: { en: '' },
      amounts: [{ id: 11, amount: 1800 }],
      customAmount: { min: 1000, max: 1_000_000 },
    };
    store.setDonation(fixedDonation(fund, 11));
    expect(deriveOrder(store.state, presentation, settings).total).toBe(4200 + 500 + 1800);
    expect(store.checkout.host.total(false)).toBe(6500);
    expect(store.checkout.host.lines().donations).toEqual([
      {
        id: 1,
        Code: 'YOUNG-MUSICIANS',
        donationDetails: { id: 11, amount: 1800, customAmount: false, selectedQuantity: 1 },
      },
    ]);
  });
});
