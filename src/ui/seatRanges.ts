/**
 * Seat runs and ranges live in src/domain/seatPlace.ts (the box office's messages use them too); this
 * module keeps the shop's older import path working.
 */
export { ltrIsolate, type RangeTicket, seatRangeText, type SeatRun, seatRuns } from '../domain/seatPlace.ts';
