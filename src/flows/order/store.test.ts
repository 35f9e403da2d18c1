import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { defaultSettings } from '../../../server/settings.ts';
import { ApiCallError } from '../../api/client.ts';
import type { CheckoutCompleted } from '../../api/contract/checkout.ts';
import type { Presentation, Ticket, TicketGroup } from '../../api/contract/presentations.ts';
import { api } from '../../api/endpoints.ts';
import type { HeldSeat } from './model.ts';
import { deriveOrder } from './selectors.ts';
import { createOrderStore } from './store.ts';

vi.mock('../../api/endpoints.ts', () => ({
  api: {
    unlockSeat: vi.fn(),
    extendLock: vi.fn(),
    ticketGroups: vi.fn(),
    commit: vi.fn(),
    saveCart: vi.fn(),
  },
}));
const mocked = vi.mocked(api);

function ticket(id: number, price: number, over: Partial<Ticket> = {}): Ticket {
  return {
    id,
    name: { en: `T${id}` },
    code: `T${id}`,
    price,
    oldPrice: null,
    serviceCharge: 0,
    pricePolicyId: 1,
    multiplyFactor: 1,
    isMultiplyFactorSubTicket: false,
    ref1prompt: null,
    ref2prompt: null,
    minQuantity: null,
    maxQuantity: null,
    requiredTicketId: null,
    requiredMinimum: null,
    remaining: null,
    ...over,
  } as Ticket;
}

const groups: TicketGroup[] = [
  { id: 1, name: { en: 'Regular' }, tickets: [ticket(10, 4200), ticket(11, 3600)] },
  { id: 2, name: { en: 'Sofa' }, tickets: [ticket(20, 9000, { multiplyFactor: 2 }), ticket(21, 5000)] },
];

const presentation = {
  id: 7,
  venueId: 1,
  seatplanId: 11,
  venueTypeId: 1,
  authProfileId: 1,
  businessId: 1,
  title: { en: 'Show' },
  dateTime: '2030-01-01T20:00:00',
  isReserved: true,
  lockTimer: {
    chooseSeatsInSeconds: 480,
    chooseTicketsInSeconds: 300,
    chooseProductsInSeconds: 120,
    customerInfoInSeconds: 600,
  },
  serviceCharge: { amount: 500, label: { en: 'Handling fee' } },
  products: [{ id: 3, name: { en: 'Popcorn' }, price: 3200, isDeliveryRequired: false }],
} as unknown as Presentation;

const settings = defaultSettings(loadConfig({}));

function seat(n: number, ticketGroup = 1): HeldSeat {
  return {
    key: `5_${n}_1`,
    sectionId: 5,
    x: n,
    y: 1,
    ticketGroup,
    section: 'Stalls',
    row: '1',
    seat: String(n),
    expiresAt: Date.now() + 600_000,
    ticketId: null,
  };
}

const newStore = () => createOrderStore(presentation, groups, settings);

beforeEach(() => {
  vi.stubGlobal('window', { scrollTo: vi.fn() });
  for (const fn of Object.values(mocked)) fn.mockReset();
  mocked.unlockSeat.mockResolvedValue({} as never);
  mocked.saveCart.mockResolvedValue({} as never);
});
afterEach(() => vi.unstubAllGlobals());

describe('the order store: seats and tickets', () => {
  it('adds seats just held with their default ticket, once each, and starts the seat step’s clock', () => {
    const store = newStore();
    store.selectSeat([seat(1), seat(2, 2)]);
    store.selectSeat([seat(1)]);
    expect(store.state.seats.map((s) => [s.key, s.ticketId])).toEqual([
      ['5_1_1', 10],
      ['5_2_1', 21], // 20 seats two: not a default
    ]);
    expect(store.state.stepClock?.step).toBe('seats');
  });

  it('stops the clock when the last seat is released', () => {
    const store = newStore();
    store.selectSeat([seat(1), seat(2)]);
    store.releaseSeat(['5_1_1']);
    expect(store.state.stepClock).not.toBeNull();
    store.releaseSeat(['5_2_1']);
    expect(store.state.seats).toEqual([]);
    expect(store.state.stepClock).toBeNull();
  });

  it('prices the chosen tickets and products as pure derivations of the state', () => {
    const store = newStore();
    store.selectSeat([seat(1), seat(2)]);
    store.chooseTicket('5_2_1', 11);
    store.setProductQuantity(3, 1);
    const d = deriveOrder(store.state, presentation, settings);
    expect(d.total).toBe(4200 + 3600 + 2 * 500 + 3200);
    expect(d.ticketProblems).toEqual([]);
  });

  it('fetches the ticket groups again on entering the ticket step, and restarts the clock', async () => {
    const store = newStore();
    store.selectSeat([seat(1)]);
    const fresh = [{ ...groups[0]!, tickets: [ticket(10, 4500)] }];
    mocked.ticketGroups.mockResolvedValue({ ticketGroups: fresh } as never);
    await store.goTo('tickets');
    expect(mocked.ticketGroups).toHaveBeenCalledWith(7);
    expect(store.state.step).toBe('tickets');
    expect(store.state.groups[0]!.tickets[0]!.price).toBe(4500);
    expect(store.state.stepClock?.step).toBe('tickets');
  });
});

describe('the order store: time up', () => {
  it('extends the hold once: every seat gets the new expiry and the step restarts', async () => {
    const store = newStore();
    store.selectSeat([seat(1), seat(2)]);
    store.timeUp();
    const until = '2030-01-01T00:00:00.000Z';
    mocked.extendLock.mockResolvedValue({ expiresAt: until, seats: 2 } as never);
    await store.extendHold();
    await store.extendHold();
    expect(mocked.extendLock).toHaveBeenCalledTimes(1);
    expect(store.state.seats.every((s) => s.expiresAt === Date.parse(until))).toBe(true);
    expect(store.state).toMatchObject({ extended: true, timedOut: false });
  });

  it('starts over when the extension is refused, releasing every seat and saying why', async () => {
    const store = newStore();
    store.selectSeat([seat(1), seat(2)]);
    store.setProductQuantity(3, 2);
    store.timeUp();
    const refusal = new ApiCallError('lock_extension_used', 409, 'used');
    mocked.extendLock.mockRejectedValue(refusal);
    await store.extendHold();
    expect(mocked.unlockSeat).toHaveBeenCalledTimes(2);
    expect(store.state).toMatchObject({
      step: 'seats',
      seats: [],
      products: {},
      stepClock: null,
      timedOut: false,
      extended: false,
      notice: { error: refusal },
    });
  });
});

describe('the order store: paying', () => {
  const details = {
    firstName: 'Dana',
    lastName: 'Levi',
    email: 'dana@example.com',
    mobileNumber: '050-1234567',
    termsAccepted: true,
  };
  const card = { number: '4111 1111 1111 1111', expiry: '12/29', cvv: '123', holderId: '123456782' };

  it('does not call the box office while the form has problems', async () => {
    const store = newStore();
    store.selectSeat([seat(1)]);
    await store.checkout.pay();
    expect(mocked.commit).not.toHaveBeenCalled();
    expect(store.checkout.state).toMatchObject({
      submitted: true,
      payError: { key: 'errors.formValidation' },
    });
  });

  it('commits the seats, tickets and card, then shows the confirmation', async () => {
    const store = newStore();
    store.selectSeat([seat(1)]);
    store.checkout.editCustomer(details);
    store.checkout.editCard({ ...card, numberOfPayments: 1 });
    const answer = { status: 'completed', reservationIdentifier: 'ABCDEFGHIJ' } as CheckoutCompleted;
    mocked.commit.mockResolvedValue(answer);
    await store.checkout.pay();
    const [body, key] = mocked.commit.mock.calls[0]!;
    expect(body.cart.seats).toEqual([{ pi: 7, si: 5, x: 1, y: 1, tg: 1, ticketId: 10, addons: [] }]);
    expect(body.cart.creditcardInfo?.number).toBe('4111111111111111');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.state).toMatchObject({ step: 'confirmation', seats: [], stepClock: null });
    expect(store.checkout.state.paying).toBe(false);
    expect(store.state.answer?.reservationIdentifier).toBe('ABCDEFGHIJ');
  });

  it('keeps the attempt key for a retry after a network failure, and marks the field the box office names', async () => {
    const store = newStore();
    store.selectSeat([seat(1)]);
    store.checkout.editCustomer(details);
    store.checkout.editCard({ ...card, numberOfPayments: 1 });
    mocked.commit.mockRejectedValueOnce(new ApiCallError('fetch_data_error', 0, 'offline'));
    await store.checkout.pay();
    mocked.commit.mockRejectedValueOnce(new ApiCallError('card_cvv_invalid', 400, 'cvv', { field: 'cvv' }));
    await store.checkout.pay();
    const keys = mocked.commit.mock.calls.map((c) => c[1]);
    expect(keys[0]).toBe(keys[1]);
    expect(store.checkout.state.serverErrors).toEqual({ form: {}, card: { cvv: 'card_cvv_invalid' } });
  });

  it('starts over when the seats lapsed before payment', async () => {
    const store = newStore();
    store.selectSeat([seat(1)]);
    store.checkout.editCustomer(details);
    store.checkout.editCard({ ...card, numberOfPayments: 1 });
    mocked.commit.mockRejectedValue(new ApiCallError('lock_seat_error', 409, 'lapsed'));
    await store.checkout.pay();
    expect(store.state).toMatchObject({ step: 'seats', seats: [], notice: { key: 'order.seatsLapsed' } });
  });
});
