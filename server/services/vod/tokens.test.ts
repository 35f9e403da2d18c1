import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signStreamToken, streamKey, verifyStreamToken } from './tokens.ts';

const key = streamKey(Buffer.from('test secret'));
const other = streamKey(Buffer.from('another secret'));
const NOW = 1_800_000_000_000;

describe('stream tokens', () => {
  it('verify while unexpired, bound to their rental and stream', () => {
    const token = signStreamToken(key, { ticket: 'T123', stream: 'S1', exp: NOW / 1000 + 60 });
    expect(verifyStreamToken(key, token, NOW)).toEqual({
      ok: true,
      claims: { ticket: 'T123', stream: 'S1', exp: NOW / 1000 + 60 },
    });
    expect(verifyStreamToken(key, token, NOW + 60_000)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyStreamToken(other, token, NOW)).toEqual({ ok: false, reason: 'altered' });
  });

  it('refuse any change to a token', () => {
    const token = signStreamToken(key, { ticket: 'TICKET', stream: 'STREAM', exp: NOW / 1000 + 600 });
    fc.assert(
      fc.property(fc.nat({ max: token.length - 1 }), fc.constantFrom(...'ABCabc012_-.'), (i, c) => {
        fc.pre(token[i] !== c);
        const changed = token.slice(0, i) + c + token.slice(i + 1);
        expect(verifyStreamToken(key, changed, NOW).ok).toBe(false);
      }),
    );
  });
});
