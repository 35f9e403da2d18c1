import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { defaultSettings } from '../../../server/settings.ts';
import type { EnrolmentMembership } from '../../api/contract/enrolment.ts';
import { purchase } from '../../state/purchase.ts';
import { enrollApi } from './api.ts';
import { createEnrolmentStore } from './store.ts';

vi.mock('./api.ts', () => ({ enrollApi: { lock: vi.fn(), unlock: vi.fn() }, myEnrolment: vi.fn() }));
const api = vi.mocked(enrollApi);

const concert = (id: number, required: boolean) => ({
  PresentationId: id,
  IsRequired: required,
  MembershipPayableAmount: null,
  title: { en: `Concert ${id}` },
  startsAt: '2026-12-09T18:00:00.000Z',
  venue: { en: 'Hall' },
});
const names = { section: 'P', row: '1', seat: '1' };
const membership = (over: Partial<EnrolmentMembership> = {}): EnrolmentMembership => ({
  MembershipId: 7,
  SeasonId: 2,
  seasonName: {},
  name: {},
  code: 'SEASON-2027',
  IsSkipMemberSeat: false,
  IsPricingPerTicket: true,
  DefaultTicketGroupId: 22,
  Price: 0,
  optionalChoices: 1,
  venueId: 3,
  seatplanId: 31,
  TicketGroups: [21, 22].map((tg) => ({
    TicketGroupId: tg,
    name: {},
    Tickets: [
      { TicketId: tg * 100 + 1, Price: tg * 1000, name: {} },
      { TicketId: tg * 100 + 3, Price: tg * 800, name: {} },
    ],
  })),
  Presentations: [concert(1, true), concert(2, true), concert(3, false), concert(4, false)],
  PresentationDetail: [],
  previousSeat: null,
  alreadyEnrolled: false,
  ...over,
});
const settings = () => defaultSettings(loadConfig({}));
const held = (pi: number, x = 1) => ({ presentationId: pi, sectionId: 1, x, y: 1, ticketGroupId: 21, names });

beforeEach(() => {
  vi.stubGlobal('window', { scrollTo: vi.fn(), location: { search: '', assign: vi.fn() }, history: {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the enrolment store', () => {
  it('starts the enrolment purchase, the default price level preselected; a seat sets the tariff’s level', () => {
    const store = createEnrolmentStore(settings(), membership());
    expect(purchase.kind).toBe('enrolment');
    expect(store.state.step).toBe('choose');
    expect(store.e.tariff).toEqual({ ticketGroupId: 22, ticketId: 2201 });
    store.pickSeat({ sectionId: 1, x: 1, y: 1, ticketGroupId: 21 });
    expect(store.e.tariff).toEqual({ ticketGroupId: 21, ticketId: 2101 });
    store.chooseTariff(21, 2103);
    store.pickSeat({ sectionId: 1, x: 2, y: 1, ticketGroupId: 21 });
    expect(store.e.tariff).toEqual({ ticketGroupId: 21, ticketId: 2103 });
  });

  it('skips the fixed seat when the membership says so', () => {
    const store = createEnrolmentStore(settings(), membership({ IsSkipMemberSeat: true }));
    expect(store.steps).not.toContain('choose');
    expect(store.state.step).toBe('tariff');
  });

  it('holds the seat in every concert chosen, keeps proposals of other concerts, and builds the cart', async () => {
    const store = createEnrolmentStore(settings(), membership());
    store.pickSeat({ sectionId: 1, x: 1, y: 1, ticketGroupId: 21 });
    expect(store.choiceValid()).toBe(false);
    store.toggleOptional(3);
    expect(store.choiceValid()).toBe(true);
    const proposal = { sectionId: 1, x: 2, y: 1, ticketGroupId: 21, names };
    api.lock.mockResolvedValueOnce({
      selections: [held(1), held(2)],
      taken: [{ presentationId: 3, proposal }],
      expiresAt: 1000,
    });
    await store.toSeats();
    expect(api.lock).toHaveBeenCalledWith(store.m, { sectionId: 1, x: 1, y: 1, ticketGroupId: 21 }, [3]);
    expect(store.complete()).toBe(false);
    api.lock.mockResolvedValueOnce({ selections: [held(1), held(2), held(3, 2)], taken: [], expiresAt: 900 });
    await store.holdOne(3, proposal);
    expect(store.complete()).toBe(true);
    expect(store.e.expiresAt).toBe(900);
    expect(store.quote()?.total).toBe(3 * 21000);
  });

  it('says why a seat call was refused', async () => {
    const store = createEnrolmentStore(settings(), membership());
    api.lock.mockRejectedValueOnce(new Error('taken'));
    store.pickSeat({ sectionId: 1, x: 1, y: 1, ticketGroupId: 21 });
    store.toggleOptional(4);
    await store.toSeats();
    expect(store.e.error).toBeInstanceOf(Error);
    expect(store.e.busy).toBe(false);
  });
});
