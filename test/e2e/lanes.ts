import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The browser tests run in lanes side by side (CI time): each lane is a Playwright project with one
 * worker and its own box office and database, so no two tests ever share a server, exactly as when one
 * worker ran them all. Files go to the lane with the least work so far, longest first, by the seconds a
 * file took in a full run (E2E_TIMINGS below, from the run of 2026-11-28 in two lanes; a new file counts
 * as 20 s until measured).
 */
const E2E_TIMINGS: Record<string, number> = {
  'order.spec.ts': 160,
  'providers.spec.ts': 110,
  'shell.spec.ts': 140,
  'seats.spec.ts': 106,
  'backofficeShows.spec.ts': 95,
  'checkout.spec.ts': 91,
  'customerForm.spec.ts': 85,
  'ticketCodes.spec.ts': 78,
  'vod.spec.ts': 68,
  'staffReports.spec.ts': 65,
  'vouchers.spec.ts': 65,
  'cart.spec.ts': 64,
  'memberships.spec.ts': 62,
  'wallets.spec.ts': 58,
  'holds.spec.ts': 57,
  'partners.spec.ts': 57,
  'phone.spec.ts': 54,
  'account.spec.ts': 53,
  'seatmap.spec.ts': 48,
  'donations.spec.ts': 48,
  'liveStatus.spec.ts': 47,
  'addons.spec.ts': 46,
  'door.spec.ts': 46,
  'board.spec.ts': 43,
  'senior.spec.ts': 36,
  'backofficeOrders.spec.ts': 31,
  'waiver.spec.ts': 30,
  'backofficeCounter.spec.ts': 29,
  'doorOffline.spec.ts': 29,
  'details.spec.ts': 28,
  'membershipDocument.spec.ts': 28,
  'backofficeProgramme.spec.ts': 26,
  'backofficeStaff.spec.ts': 24,
  'memberTickets.spec.ts': 24,
  'seo.spec.ts': 20,
  'enrolment.spec.ts': 18,
  'confirmations.spec.ts': 18,
  'backofficeShift.spec.ts': 16,
  'backofficePlans.spec.ts': 16,
  'serverDrawn.spec.ts': 30,
  'attendance.spec.ts': 15,
  'csp.spec.ts': 14,
  'seatmapMotion.spec.ts': 14,
  'backofficeExchange.spec.ts': 14,
  'membershipCurrency.spec.ts': 12,
  'backofficeRefund.spec.ts': 10,
  'externalLinks.spec.ts': 7,
  'crossOrigin.spec.ts': 5,
};
const NEW_FILE_SECONDS = 20;

/** The spec files of each lane (names relative to test/e2e). */
export function laneFiles(lanes: number): string[][] {
  const files = readdirSync(join(import.meta.dirname))
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => ({ f, s: E2E_TIMINGS[f] ?? NEW_FILE_SECONDS }))
    .sort((a, b) => b.s - a.s || a.f.localeCompare(b.f));
  const out = Array.from({ length: lanes }, () => ({ files: [] as string[], s: 0 }));
  for (const { f, s } of files) {
    const lightest = out.reduce((min, lane) => (lane.s < min.s ? lane : min));
    lightest.files.push(f);
    lightest.s += s;
  }
  return out.map((lane) => lane.files.sort());
}
