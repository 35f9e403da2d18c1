import { describe, expect, it } from 'vitest';
import { createScanGate } from './scanGate.ts';

describe('the camera scan gate', () => {
  it('never sends a code again while the camera keeps seeing it, and again once it was away for the gap', () => {
    const gate = createScanGate(2000);
    expect(gate.pass('T1.A', 0, null)).toBe(true);
    // Held up to the camera for ten seconds after the green: seen every 200 ms, never sent again.
    for (let at = 200; at <= 10_000; at += 200) expect(gate.pass('T1.A', at, null)).toBe(false);
    // Taken away for 1.9 s: still the same showing.
    expect(gate.pass('T1.A', 11_900, null)).toBe(false);
    // Away for two seconds, then shown again: a new scan.
    expect(gate.pass('T1.A', 13_900, null)).toBe(true);
  });

  it('lets another code through at once', () => {
    const gate = createScanGate(2000);
    expect(gate.pass('T1.A', 0, null)).toBe(true);
    expect(gate.pass('T1.B', 10, null)).toBe(true);
  });

  it('does not send again a code whose answer is still on the screen', () => {
    const gate = createScanGate(2000);
    expect(gate.pass('T1.A', 0, null)).toBe(true);
    expect(gate.pass('T1.A', 10_000, 'T1.A')).toBe(false);
    expect(gate.pass('T1.A', 12_000, null)).toBe(true);
  });
});
