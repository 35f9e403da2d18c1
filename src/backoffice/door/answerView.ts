import { PASSING, type VerdictKind } from '../../domain/door/verdict.ts';
import type { DoorAnswer } from './engine.ts';

/**
 * How the door page shows an answer, pure: its colour, the key of its big text, and the "came in at …"
 * line. A verdict the page does not know (a newer box office) is a plain red refusal.
 */
export type Tone = 'green' | 'red';

export function toneOf(verdict: string): Tone {
  return PASSING.has(verdict as VerdictKind) ? 'green' : 'red';
}

/** The big text's key: the verdict's own where the locales have one, else the generic refusal. */
export function verdictKey(verdict: string, hasKey: (key: string) => boolean): string {
  const own = `door.verdict.${verdict}`;
  return hasKey(own) ? own : 'door.answer.refused';
}

/** The key and values of the line that says when and where the ticket last came in or went out. */
export function lastScanLine(
  answer: Pick<DoorAnswer, 'verdict' | 'lastAt' | 'lastDoor'>,
): { key: string; at: string; door: string | null } | null {
  if (!answer.lastAt) return null;
  const cameIn = answer.verdict === 'already_in';
  const wentOut = answer.verdict === 'no_reentry' || answer.verdict === 'not_inside';
  if (!cameIn && !wentOut) return null;
  const base = cameIn ? 'door.answer.cameIn' : 'door.answer.wentOut';
  return { key: answer.lastDoor ? base : `${base}NoDoor`, at: answer.lastAt, door: answer.lastDoor };
}

/** navigator.vibrate's pattern: one short buzz for green, two long ones for red. */
export function vibration(tone: Tone): number | number[] {
  return tone === 'green' ? 80 : [200, 100, 200];
}

/** How long a green answer stays (ms); a red one stays until tapped or the next scan. */
export const GREEN_MS = 2000;

/**
 * A name the usher typed (a door), isolated (U+2068 … U+2069) so it keeps its own direction inside a
 * sentence of the other one: "כניסה צדדית: in 1" stays in that order in English.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
