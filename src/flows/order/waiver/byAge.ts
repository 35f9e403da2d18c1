import type { TFunction } from 'i18next';
import { ageOn, type AgeBounds, suitsAge, ticketForAge } from '../../../domain/waiver.ts';
import { choosableTickets, ruleGroupsOf } from '../../../domain/order/tickets.ts';
import type { OrderStore } from '../store.ts';
import { boundsOf, waiverEdits } from './draft.ts';

/**
 * A ticket's ages in words ("ages 6 to 12"): words between the numbers read the same right to left,
 * where "6–12" turns round in a Hebrew line (issue 35). Empty for a ticket without bounds.
 */
export function agesText(t: TFunction, b: Partial<AgeBounds>): string {
  const min = b.minAge ?? null;
  const max = b.maxAge ?? null;
  if (min !== null && max !== null) return t('waiver.ages.range', { min, max });
  if (min !== null) return t('waiver.ages.from', { min });
  if (max !== null) return t('waiver.ages.upTo', { max });
  return '';
}

/** The jumper's age on the session's day, or null before a whole date is typed. */
export function jumperAge(store: OrderStore, dateOfBirth: string): number | null {
  return dateOfBirth ? ageOn(dateOfBirth, store.presentation.businessDate) : null;
}

/**
 * The jumper of the `index`-th place was born on `dateOfBirth` (asked on the ticket step, or changed in
 * the waiver): the waiver takes the date, and the place takes the ticket that suits the age when its
 * ticket does not (the box office checks the same rule at payment). Returns the age, or null.
 */
export function jumperBorn(store: OrderStore, index: number, dateOfBirth: string): number | null {
  const draft = store.waiver;
  if (!draft) return null;
  waiverEdits.jumper(draft, index, 'dateOfBirth', dateOfBirth);
  if (dateOfBirth) waiverEdits.touch(draft, `jumper.${index}.dateOfBirth`);
  const seat = store.state.seats[index];
  const age = jumperAge(store, dateOfBirth);
  if (!seat || age === null) return age;
  const bounds = boundsOf(store.state.groups);
  const now = seat.ticketId === null ? undefined : bounds.get(seat.ticketId);
  if (now && suitsAge(now, age)) return age;
  const rule = ruleGroupsOf(store.state.groups).find((g) => g.id === seat.ticketGroup);
  const offered = choosableTickets(rule).map((tk) => ({ id: tk.id, ...bounds.get(tk.id)! }));
  const best = ticketForAge(offered, age);
  if (best && best.id !== seat.ticketId) {
    store.chooseTicket(seat.key, best.id, null);
    store.chooseAddons(seat.key, undefined);
  }
  return age;
}
