import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSING, VERDICTS } from '../../domain/door/verdict.ts';
import { lastScanLine, toneOf, verdictKey, vibration } from './answerView.ts';

const LOCALES = join(import.meta.dirname, '..', '..', '..', 'locales');

describe('the answer as the door shows it', () => {
  it('is green only for verdicts that open the door, red for every other one and for one it does not know', () => {
    expect(VERDICTS.filter((v) => toneOf(v) === 'green')).toEqual(VERDICTS.filter((v) => PASSING.has(v)));
    expect(toneOf('admitted')).toBe('green');
    expect(toneOf('exited')).toBe('green');
    expect(toneOf('already_in')).toBe('red');
    expect(toneOf('member_expired')).toBe('red');
  });

  it('says a verdict in its own words where the locales have them, else as a plain refusal', () => {
    expect(verdictKey('voucher_used', (k) => k === 'door.verdict.voucher_used')).toBe(
      'door.verdict.voucher_used',
    );
    expect(verdictKey('something_new', () => false)).toBe('door.answer.refused');
  });

  it.each(['he', 'en', 'ru', 'ar', 'pl'])('has words in %s for every verdict there is', (locale) => {
    const messages = JSON.parse(readFileSync(join(LOCALES, `${locale}.json`), 'utf8')) as {
      door: { verdict: Record<string, string> };
    };
    expect(VERDICTS.filter((v) => !messages.door.verdict[v])).toEqual([]);
    expect(messages.door).toHaveProperty('answer.refused');
  });

  it('says when and where the ticket came in for already inside, and went out for no re-entry and not inside', () => {
    const at = '2026-11-28T17:42:00.000Z';
    expect(lastScanLine({ verdict: 'already_in', lastAt: at, lastDoor: 'Main' })).toEqual({
      key: 'door.answer.cameIn',
      at,
      door: 'Main',
    });
    expect(lastScanLine({ verdict: 'no_reentry', lastAt: at, lastDoor: 'Side' })?.key).toBe(
      'door.answer.wentOut',
    );
    expect(lastScanLine({ verdict: 'not_inside', lastAt: at, lastDoor: null })?.key).toBe(
      'door.answer.wentOutNoDoor',
    );
    expect(lastScanLine({ verdict: 'not_inside', lastAt: null, lastDoor: null })).toBeNull();
    expect(lastScanLine({ verdict: 'cancelled', lastAt: at, lastDoor: 'Main' })).toBeNull();
  });

  it('buzzes once shortly for green, twice for red', () => {
    expect(vibration('green')).toBe(80);
    expect(vibration('red')).toEqual([200, 100, 200]);
  });
});
