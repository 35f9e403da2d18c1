import { expect } from 'vitest';
import type { ScanInput, ScanResult } from '../../src/api/contract/door.ts';
import { TEST_NOW } from './harness.ts';
import type { asStaff } from './staff.ts';

let nonces = 0;

/** A nonce no other scan of the run has. */
export function doorNonce(): string {
  return `n${Date.now().toString(36)}${(++nonces).toString(36).padStart(6, '0')}xx`;
}

/** A scan at the main entrance, on the way in, of the given presentation, at TEST_NOW. */
export function doorScan(code: string, presentationId: number, extra: Partial<ScanInput> = {}): ScanInput {
  return {
    nonce: doorNonce(),
    code,
    presentationIds: [presentationId],
    door: 'Main entrance',
    direction: 'in',
    scannedAt: new Date(TEST_NOW).toISOString(),
    ...extra,
  };
}

/** Sends scans as a phone of `usher` and answers the results (expects 200). */
export async function sendScans(
  usher: ReturnType<typeof asStaff>,
  scans: ScanInput[],
  deviceId = 'phone-one',
): Promise<ScanResult[]> {
  const res = await usher.post('/api/admin/door/scans', { deviceId, scans });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: ScanResult[] }).results;
}
