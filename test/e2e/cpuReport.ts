import { busiestSince, type ProcessTimes } from '../../server/testing/processWatch.ts';

/**
 * After the browser tests: how busy the machine was and which processes took its CPU (the lanes' box
 * offices, Chromium, PostgreSQL, or something that should not be running), so a slow run says why.
 */
export default function cpuReport(): void {
  const before = process.env.E2E_CPU_BEFORE;
  if (before) console.log(`browser tests, ${busiestSince(JSON.parse(before) as ProcessTimes)}`);
}
