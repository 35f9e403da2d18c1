import { apiUrl } from './client.ts';

/**
 * Where the seat map's worker reads a plan: `/seats/seatplan-columns`, the plan of `/seats/seatplanV2` in
 * the map's compact columns (workers/seatplan/columns.ts), cached and compressed by the box office.
 */
export function seatplanColumnsUrl(plan: { venueId: number; seatplanId: number }): string {
  return apiUrl('/seats/seatplan-columns', { venueId: plan.venueId, seatplanId: plan.seatplanId });
}
