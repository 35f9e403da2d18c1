import { describe, expect, it } from 'vitest';
import { endOfVenueDay } from './expiry.ts';

describe('endOfVenueDay', () => {
  it('is the last second of the day in the venue’s zone, summer and winter', () => {
    expect(endOfVenueDay('2026-06-30', 'Asia/Jerusalem')).toBe('2026-06-30T20:59:59.000Z');
    expect(endOfVenueDay('2026-01-15', 'Asia/Jerusalem')).toBe('2026-01-15T21:59:59.000Z');
    expect(endOfVenueDay('2026-01-15', 'Europe/Warsaw')).toBe('2026-01-15T22:59:59.000Z');
  });
});
