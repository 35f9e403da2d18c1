import { describe, expect, it } from 'vitest';
import type { EntryState } from '../../../domain/door/verdict.ts';
import { decideLocally, entryAfterAnswer } from './localDecision.ts';
import { download, forged, scanOf, testKey, ticket } from './testing.ts';
import { verifyWithWebCrypto } from './verifier.ts';

const box = testKey();
const offline = download(box.publicKey, [
  ticket('VALIDAA2'),
  ticket('GONEAAA2', { state: 'cancelled' }),
  ticket('HELDAAA2', { state: 'held' }),
  ticket('INSIDEA2', {
    entry: { inside: true, entries: 1, lastAt: '2026-05-01T16:05:00.000Z', lastDoor: 'North door' },
  }),
  ticket('OTHERAA2', {}, 8),
]);
const none = () => null;
const decideHere = (code: string, local: (id: string) => EntryState | null = none) =>
  decideLocally(scanOf(code), offline, local, verifyWithWebCrypto);

describe('deciding a scan on the phone from the download', () => {
  it('admits a genuine signed code of a valid ticket, with its seat, and queues the scan', async () => {
    const d = await decideHere(box.signed('VALIDAA2', 7));
    expect(d.result).toMatchObject({
      verdict: 'admitted',
      ticket: { ticketIdentifier: 'VALIDAA2', seat: '7' },
    });
    expect(d.changed?.entry).toMatchObject({ inside: true, entries: 1, lastDoor: 'Main entrance' });
    expect(d.queue).toBe(true);
  });

  it('refuses a code signed by another key as forged, without naming the ticket', async () => {
    const d = await decideHere(forged('VALIDAA2', 7));
    expect(d.result).toMatchObject({ verdict: 'forged', ticket: null });
    expect(d.changed).toBeNull();
    expect(d.queue).toBe(true);
  });

  it('refuses a bare number the download does not hold as unknown', async () => {
    expect((await decideHere('NOBODYA2')).result.verdict).toBe('unknown');
  });

  it('refuses a voucher or a stranger code as unknown, and does not queue it', async () => {
    const d = await decideHere('https://example.com/x');
    expect(d.result.verdict).toBe('unknown');
    expect(d.queue).toBe(false);
  });

  it('refuses cancelled, held and other presentations tickets with their reasons', async () => {
    expect((await decideHere(box.signed('GONEAAA2', 7))).result.verdict).toBe('cancelled');
    expect((await decideHere('HELDAAA2')).result.verdict).toBe('not_paid');
    expect((await decideHere(box.signed('OTHERAA2', 8))).result.verdict).toBe('wrong_presentation');
  });

  it('knows a bare ticket number of a ticket issued before signed codes', async () => {
    expect((await decideHere('validaa2')).result.verdict).toBe('admitted');
  });

  it('refuses a ticket inside in the download as already in, with when and where', async () => {
    const d = await decideHere(box.signed('INSIDEA2', 7));
    expect(d.result).toMatchObject({
      verdict: 'already_in',
      lastAt: '2026-05-01T16:05:00.000Z',
      lastDoor: 'North door',
    });
  });

  it('refuses a ticket this phone let in a moment ago (its own entry over the download)', async () => {
    const first = await decideHere(box.signed('VALIDAA2', 7));
    const local = (id: string) => (id === 'VALIDAA2' ? first.changed!.entry : null);
    const second = await decideHere(box.signed('VALIDAA2', 7), local);
    expect(second.result).toMatchObject({ verdict: 'already_in', lastDoor: 'Main entrance' });
  });

  it('admits a genuine code of a ticket sold after the download, for its presentation only', async () => {
    expect((await decideHere(box.signed('LATERAA2', 7))).result).toMatchObject({
      verdict: 'admitted',
      ticket: null,
    });
    expect((await decideHere(box.signed('LATERBB2', 9))).result.verdict).toBe('wrong_presentation');
  });
});

describe("an online answer updates this phone's entry", () => {
  const prev: EntryState = { inside: false, entries: 0, lastAt: null, lastDoor: null };
  const scan = scanOf('VALIDAA2');
  const answer = (verdict: 'admitted' | 'already_in' | 'unknown', lastDoor: string | null = null) => ({
    nonce: scan.nonce,
    verdict,
    lastAt: lastDoor ? '2026-05-01T16:01:00.000Z' : null,
    lastDoor,
    conflict: false,
    ticket: null,
    pass: null,
  });

  it('admitted: inside from this door; already in: inside since the time the box office names', () => {
    expect(entryAfterAnswer(prev, answer('admitted'), scan)).toMatchObject({
      inside: true,
      entries: 1,
      lastDoor: 'Main entrance',
    });
    expect(entryAfterAnswer(prev, answer('already_in', 'North door'), scan)).toEqual({
      inside: true,
      entries: 1,
      lastAt: Date.parse('2026-05-01T16:01:00.000Z'),
      lastDoor: 'North door',
    });
    expect(entryAfterAnswer(prev, answer('unknown'), scan)).toBeNull();
  });
});
