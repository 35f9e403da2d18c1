import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { defaultSettings } from '../../../server/settings.ts';
import { ApiCallError } from '../../api/client.ts';
import { ticketFixture } from '../../../test/fixtures/ticket.ts';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import type { TicketCodeResult } from '../../api/contract/vouchers.ts';
import { api } from '../../api/endpoints.ts';
import type { HeldSeat } from './model.ts';
import { deriveOrder } from './selectors.ts';
import { createOrderStore } from './store.ts';
import { shownCode } from './ticketCodes.ts';

vi.mock('../../api/endpoints.ts', () => ({
  api: { presentationWithCodes: vi.fn(), seniorLookup: vi.fn(), saveCart: vi.fn(), unlockSeat: vi.fn() },
}));
const mocked = vi.mocked(api);

const ticket = ticketFixture;

const groups: TicketGroup[] = [{ id: 1, name: { en: 'Regular' }, tickets: [ticket(10, 19000)] }];
const presentation = {
  id: 7,
  title: { en: 'Concert' },
  isReserved: true,
  serviceCharge: { amount: 0, label: { en: 'Fee' } },
  products: [],
} as unknown as Presentation;
const settings = defaultSettings(loadConfig({}));
const SENIOR = '039756218';
const senior: TicketCodeResult = {
  code: SENIOR,
  kind: 'senior',
  name: { en: 'Senior citizen' },
  uses: 1,
  balance: null,
  endDate: null,
  tickets: [{ ticketGroupId: 1, ticket: ticket(188, 7600), ref1: null, ref2: null }],
};
const priceCode: TicketCodeResult = {
  ...senior,
  code: 'FRIENDS26',
  kind: 'priceCode',
  uses: null,
  tickets: [],
};

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

beforeEach(() => {
  vi.stubGlobal('window', { scrollTo: vi.fn() });
  for (const fn of Object.values(mocked)) fn.mockReset();
  mocked.saveCart.mockResolvedValue({} as never);
});
afterEach(() => vi.unstubAllGlobals());

describe('the order store: senior-citizen prices', () => {
  it('refuses a wrong check digit without asking the box office', async () => {
    const store = createOrderStore(presentation, groups, settings);
    await expect(store.applySenior('039756219')).rejects.toMatchObject({ code: 'invalidSSN' });
    expect(mocked.seniorLookup).not.toHaveBeenCalled();
  });

  it('adds the senior ticket to the seats’ choices, within the ID’s uses, and sends the ID with it', async () => {
    mocked.seniorLookup.mockResolvedValue(senior);
    const store = createOrderStore(presentation, groups, settings);
    store.selectSeat([seat(1), seat(2)]);
    await store.applySenior('03975-6218 ');
    expect(mocked.seniorLookup).toHaveBeenCalledWith(7, '039756218');
    store.chooseTicket('5_1_1', 188, SENIOR);
    store.chooseTicket('5_2_1', 188, SENIOR);
    expect(deriveOrder(store.state, presentation, settings).codeProblems).toEqual([
      { key: '5_2_1', problem: 'voucherBalance' },
    ]);
    store.chooseTicket('5_2_1', 10);
    const d = deriveOrder(store.state, presentation, settings);
    expect(d.codeProblems).toEqual([]);
    expect(d.total).toBe(7600 + 19000);
    expect(store.checkout.host.lines().seats?.[0]).toMatchObject({ ticketId: 188, ticketCode: SENIOR });
    expect(shownCode(senior)).toBe('\u2066•••• 6218\u2069');
  });

  it('keeps a senior ID out of the ticket-code lookup, and keeps it when a code is applied', async () => {
    mocked.seniorLookup.mockResolvedValue(senior);
    mocked.presentationWithCodes.mockResolvedValue({ ...presentation, ticketCodes: [priceCode] } as never);
    const store = createOrderStore(presentation, groups, settings);
    await store.applySenior(SENIOR);
    await store.applyCode('friends26');
    expect(mocked.presentationWithCodes).toHaveBeenLastCalledWith(7, ['FRIENDS26']);
    expect(store.state.codes.map((c) => c.kind)).toEqual(['priceCode', 'senior']);
  });

  it('shows the box office’s refusal as it came', async () => {
    mocked.seniorLookup.mockRejectedValue(
      new ApiCallError('seniorBenefitError', 409, 'no', { reason: 'notSenior' }),
    );
    const store = createOrderStore(presentation, groups, settings);
    await expect(store.applySenior('024681355')).rejects.toMatchObject({ code: 'seniorBenefitError' });
    expect(store.state.codes).toEqual([]);
  });
});
