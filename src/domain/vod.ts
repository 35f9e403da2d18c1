import type { VideoStatus } from '../api/contract/vod.ts';

/**
 * Video on demand (spec sections 3 and 4; issue 17): where a rental stands in its viewing window, and
 * whether starting playback counts a play. Pure, shared by the box office (which decides) and the shop
 * (which shows it): the browser is never the guard.
 */

const HOUR = 3_600_000;

/** Expired, current or future (spec section 4, video statuses). */
export function videoStatus(now: number, availableFrom: number, availableUntil: number): VideoStatus {
  if (now < availableFrom) return 'future';
  if (now >= availableUntil) return 'expired';
  return 'current';
}

/**
 * A rental's viewing window, as the film's page promises: the film's rental hours from the purchase, or
 * from the release for a film bought before it comes out (its presentation's start). A 48-hour rental
 * bought on Friday at 20:00 plays until Sunday at 20:00; the window never starts before the purchase
 * (it once started at the release, so a film released the day before seemed to run for three days).
 */
export function rentalWindow(o: { releasedAt: number; purchasedAt: number; rentalHours: number }): {
  availableFrom: number;
  availableUntil: number;
} {
  const from = Math.max(o.releasedAt, o.purchasedAt);
  return { availableFrom: from, availableUntil: from + o.rentalHours * HOUR };
}

export interface RentalPlays {
  availableFrom: number;
  availableUntil: number;
  playsAllowed: number;
  playsUsed: number;
  /** The play under way (the last one started), and when its viewer was last seen (start or heartbeat). */
  playId: string | null;
  playSeenAt: number | null;
}

export type PlayDecision =
  | { kind: 'resume' }
  | { kind: 'count' }
  | { kind: 'refuse'; code: 'vod_not_available_yet' | 'vod_expired' | 'vod_no_plays_left' };

/**
 * Starting playback: outside the window, refused; the viewer of the play under way, back within the
 * grace period of last being seen (a reload, a seek that restarts the player), goes on without using a
 * play; otherwise a play is counted, if one is left.
 */
export function decidePlay(
  r: RentalPlays,
  now: number,
  graceMs: number,
  resumePlayId: string | undefined,
): PlayDecision {
  const status = videoStatus(now, r.availableFrom, r.availableUntil);
  if (status === 'future') return { kind: 'refuse', code: 'vod_not_available_yet' };
  if (status === 'expired') return { kind: 'refuse', code: 'vod_expired' };
  if (
    resumePlayId !== undefined &&
    r.playId === resumePlayId &&
    r.playSeenAt !== null &&
    now - r.playSeenAt <= graceMs
  )
    return { kind: 'resume' };
  if (r.playsUsed >= r.playsAllowed) return { kind: 'refuse', code: 'vod_no_plays_left' };
  return { kind: 'count' };
}

export const playsRemaining = (r: Pick<RentalPlays, 'playsAllowed' | 'playsUsed'>) =>
  Math.max(0, r.playsAllowed - r.playsUsed);
