import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidIsraeliId } from '../../../src/domain/validation.ts';
import type { AppError } from '../../errors.ts';
import { seniorIdHash } from './idHash.ts';
import { normalizeIdNumber } from './lookup.ts';
import { ageOn, SeniorRegistryError } from './registry.ts';
import { DEMO_SENIOR_PEOPLE, SandboxSeniorRegistry, UNAVAILABLE_ID } from './sandboxRegistry.ts';

const digits = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
/** A valid 9-digit ID number from any 8-digit prefix (not all zeros). */
const validId = digits(8)
  .filter((p) => !/^0+$/.test(p))
  .map((p) => [...'0123456789'].map((d) => p + d).find(isValidIsraeliId)!);
const query = { minimumAge: 67, on: '2026-11-22' };

describe('ID numbers of the senior lookup', () => {
  it('accepts every valid number, typed with spaces and dashes, as its 9 digits', () => {
    fc.assert(
      fc.property(validId, (id) => {
        expect(normalizeIdNumber(` ${id.slice(0, 4)}-${id.slice(4)} `)).toBe(id);
      }),
    );
  });

  it('refuses every single-digit typo with invalidSSN', () => {
    fc.assert(
      fc.property(validId, fc.nat(8), fc.integer({ min: 1, max: 9 }), (id, at, delta) => {
        const typo = id.slice(0, at) + String((Number(id[at]) + delta) % 10) + id.slice(at + 1);
        expect(() => normalizeIdNumber(typo)).toThrow(
          expect.objectContaining({ code: 'invalidSSN' }) as AppError,
        );
      }),
    );
  });

  it('hashes a number the same with or without its leading zeros, and never to itself', () => {
    const key = Buffer.alloc(32, 7);
    expect(seniorIdHash(key, '12345674')).toBe(seniorIdHash(key, '012345674'));
    expect(seniorIdHash(key, '012345674')).not.toContain('12345674');
    expect(seniorIdHash(Buffer.alloc(32, 8), '012345674')).not.toBe(seniorIdHash(key, '012345674'));
  });
});

describe('the sandbox senior registry', () => {
  const registry = new SandboxSeniorRegistry({ delayMs: 0 });

  it('counts whole years up to the day', () => {
    expect(ageOn('1959-11-22', '2026-11-22')).toBe(67);
    expect(ageOn('1959-11-23', '2026-11-22')).toBe(66);
    expect(ageOn('1960-02-29', '2027-02-28')).toBe(66);
  });

  it('knows the demo people, says who is a senior, and fails like a real registry', async () => {
    for (const id of Object.keys(DEMO_SENIOR_PEOPLE)) expect(isValidIsraeliId(id)).toBe(true);
    expect(await registry.lookup('039756218', query)).toEqual({ isSenior: true, dateOfBirth: '1948-05-14' });
    expect(await registry.lookup('024681355', query)).toMatchObject({ isSenior: false });
    expect(await registry.lookup('024681355', { ...query, minimumAge: 40 })).toMatchObject({
      isSenior: true,
    });
    expect(await registry.lookup('123456782', query)).toBeNull();
    await expect(registry.lookup(UNAVAILABLE_ID, query)).rejects.toBeInstanceOf(SeniorRegistryError);
    const down = new SandboxSeniorRegistry({ delayMs: 0, isDown: () => true });
    await expect(down.lookup('039756218', query)).rejects.toBeInstanceOf(SeniorRegistryError);
  });

  it('takes a realistic time to answer', async () => {
    const started = performance.now();
    await new SandboxSeniorRegistry({ delayMs: 25 }).lookup('039756218', query);
    expect(performance.now() - started).toBeGreaterThanOrEqual(20);
  });
});
