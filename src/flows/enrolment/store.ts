import { proxy } from 'valtio';
import type {
  EnrollLockAnswer,
  EnrolmentMembership,
  EnrolmentSeat,
  EnrolmentSelection,
} from '../../api/contract/enrolment.ts';
import type { Settings } from '../../api/contract/session.ts';
import {
  enrolmentPresentations,
  enrolmentPrice,
  validOptionalChoice,
} from '../../domain/enrolmentPricing.ts';
import { paths } from '../../routing/paths.ts';
import { startPurchase } from '../../state/purchase.ts';
import type { CheckoutLines } from '../checkout/store.ts';
import { createPurchaseFlow } from '../checkout/purchase.ts';
import { enrollApi } from './api.ts';

/** The six steps of the enrolment (spec section 2); `choose` is the fixed seat. */
export const enrolmentSteps = ['choose', 'tariff', 'events', 'seats', 'payment', 'confirmation'] as const;
export type EnrolmentStepId = (typeof enrolmentSteps)[number];
export type EnrolmentStore = ReturnType<typeof createEnrolmentStore>;

export interface EnrolmentState {
  /** The fixed seat chosen on the map (null: none yet, or the membership skips it). */
  seat: EnrolmentSeat | null;
  tariff: { ticketGroupId: number; ticketId: number } | null;
  optional: number[];
  /** The seats held now, one per presentation. */
  selections: EnrolmentSelection[];
  /** Presentations where the seat asked for is taken, with the nearest free seat proposed. */
  taken: EnrollLockAnswer['taken'];
  expiresAt: number | null;
  busy: boolean;
  /** An error code of the last seat call. */
  error: unknown;
  /** Bumped after every seat call: the maps read their status again. */
  statusVersion: number;
}

interface Saved {
  seat: EnrolmentSeat | null;
  tariff: EnrolmentState['tariff'];
  optional: number[];
  selections: EnrolmentSelection[];
}

const sameSeat = (
  a: { sectionId: number; x: number; y: number },
  b: { sectionId: number; x: number; y: number },
) => a.sectionId === b.sectionId && a.x === b.x && a.y === b.y;

/**
 * The fixed-seat season enrolment as a store: fixed seat → tariff → choice of events → seats in events
 * (the all-or-nothing hold of the seat) → details and payment (the one checkout) → confirmation. The
 * enrolment's choice lives here; the purchase state only marks the enrolment kind.
 */
export function createEnrolmentStore(settings: Settings, m: EnrolmentMembership) {
  startPurchase('enrolment');
  const steps: readonly EnrolmentStepId[] = enrolmentSteps.filter(
    (s) => s !== 'choose' || !m.IsSkipMemberSeat,
  );
  const defaultGroup =
    m.TicketGroups.find((g) => g.TicketGroupId === m.DefaultTicketGroupId) ?? m.TicketGroups[0];
  const e = proxy<EnrolmentState>({
    seat: null,
    tariff: defaultGroup?.Tickets[0]
      ? { ticketGroupId: defaultGroup.TicketGroupId, ticketId: defaultGroup.Tickets[0].TicketId }
      : null,
    optional: [],
    selections: [],
    taken: [],
    expiresAt: null,
    busy: false,
    error: null,
    statusVersion: 0,
  });
  const presentations = () => enrolmentPresentations(m, e.optional);
  const quote = () => (e.tariff ? enrolmentPrice(m, e.tariff, presentations()) : undefined);
  const complete = () =>
    presentations().length > 0 &&
    presentations().every((pi) => e.selections.some((s) => s.presentationId === pi));

  const flow = createPurchaseFlow<EnrolmentStepId, Saved>(settings, {
    kind: 'enrolment',
    path: paths.enroll.replace(':membershipCode', encodeURIComponent(m.code)),
    lines: () => {
      const lines = {
        seats: [],
        products: [],
        vouchers: [],
        donations: [],
        enrolment: {
          membershipId: m.MembershipId,
          ticketGroupId: e.tariff?.ticketGroupId ?? 0,
          ticketId: e.tariff?.ticketId ?? 0,
          presentations: presentations().map((pi) => {
            const s = e.selections.find((x) => x.presentationId === pi)!;
            return { pi, si: s.sectionId, x: s.x, y: s.y };
          }),
        },
      };
      return lines as CheckoutLines;
    },
    total: () => quote()?.total ?? 0,
    needsDelivery: () => false,
    save: () => ({ seat: e.seat, tariff: e.tariff, optional: e.optional, selections: e.selections }),
    restore(saved) {
      e.seat = saved.seat;
      e.tariff = saved.tariff;
      e.optional = saved.optional;
      e.selections = saved.selections;
    },
  });
  const { state } = flow;
  if (m.IsSkipMemberSeat) state.step = 'tariff';

  /** Runs one seat call at a time; its answer is what the box office holds now. */
  async function call(run: () => Promise<EnrollLockAnswer>, only?: number): Promise<boolean> {
    if (e.busy) return false;
    e.busy = true;
    e.error = null;
    try {
      const a = await run();
      e.selections = a.selections;
      // A seat for one presentation leaves what the others were proposed as it was.
      e.taken = only === undefined ? a.taken : e.taken.filter((x) => x.presentationId !== only);
      e.expiresAt =
        only === undefined || e.expiresAt === null || a.expiresAt === null
          ? (a.expiresAt ?? e.expiresAt)
          : Math.min(e.expiresAt, a.expiresAt);
      return true;
    } catch (err) {
      e.error = err;
      return false;
    } finally {
      e.busy = false;
      e.statusVersion += 1;
    }
  }

  const after = (step: EnrolmentStepId) => steps[steps.indexOf(step) + 1] ?? 'confirmation';
  const before = (step: EnrolmentStepId) => steps[Math.max(0, steps.indexOf(step) - 1)] ?? steps[0]!;

  /** The seat a lock takes for the whole enrolment: the fixed seat. */
  async function holdAll(seat: EnrolmentSeat) {
    e.seat = seat;
    return call(() => enrollApi.lock(m, seat, e.optional));
  }

  return {
    state,
    e,
    m,
    settings,
    steps,
    checkout: flow.checkout,
    presentations,
    quote,
    complete,
    /** Step 1: a seat picked on the map (nothing is held yet: the hold comes with the events). */
    pickSeat(seat: EnrolmentSeat) {
      e.seat = seat;
      // With a fixed seat the tariff's group is the seat's.
      if (e.tariff?.ticketGroupId !== seat.ticketGroupId) {
        const g = m.TicketGroups.find((x) => x.TicketGroupId === seat.ticketGroupId);
        e.tariff = g?.Tickets[0] ? { ticketGroupId: g.TicketGroupId, ticketId: g.Tickets[0].TicketId } : null;
      }
    },
    chooseTariff(ticketGroupId: number, ticketId: number) {
      e.tariff = { ticketGroupId, ticketId };
    },
    toggleOptional(pi: number) {
      e.optional = e.optional.includes(pi) ? e.optional.filter((x) => x !== pi) : [...e.optional, pi];
    },
    choiceValid: () => validOptionalChoice(m, e.optional),
    /** To the seats in events: the fixed seat held in every presentation chosen, all or nothing. */
    async toSeats() {
      flow.goTo('seats');
      if (e.seat) await holdAll(e.seat);
      else await call(() => enrollApi.unlock(m));
    },
    /** The whole enrolment on another seat (a skipped fixed seat: the first pick at the seats step). */
    holdAll,
    /** A seat for one presentation: the proposal confirmed, or another picked on its map. */
    holdOne: (pi: number, seat: EnrolmentSeat) => call(() => enrollApi.lock(m, seat, e.optional, pi), pi),
    isFixed: (s: EnrolmentSelection) => (e.seat ? sameSeat(s, e.seat) : true),
    forward: (from: EnrolmentStepId) => flow.goTo(after(from)),
    back: (from: EnrolmentStepId) => flow.goTo(before(from)),
    /** Back to the first step (the fixed seat, where the membership has one). */
    toFirst: () => flow.goTo(steps[0]!),
    dismissNotice: flow.dismissNotice,
    start: flow.start,
  };
}
