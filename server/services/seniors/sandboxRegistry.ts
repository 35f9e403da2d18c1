import { setTimeout as sleep } from 'node:timers/promises';
import {
  type SeniorQuery,
  type SeniorRecord,
  type SeniorRegistry,
  SeniorRegistryError,
  ageOn,
} from './registry.ts';

/**
 * The demo people the sandbox registry knows (README.md lists them). Any other valid ID number is not
 * in the registry; UNAVAILABLE_ID makes the registry fail, as a real one does when it is down.
 */
export const DEMO_SENIOR_PEOPLE: Readonly<Record<string, string>> = {
  '039756218': '1948-05-14', // a senior citizen
  '012345674': '1957-09-30', // a senior citizen
  '024681355': '1975-01-20', // in the registry, not a senior citizen
};
export const UNAVAILABLE_ID = '055555551';

export interface SandboxRegistryOptions {
  /** How long an answer takes (a real registry answers in tens of milliseconds); default 30. */
  delayMs?: number;
  /** Tests: every lookup fails, as when the registry is down. */
  isDown?: () => boolean;
  /** Who the registry knows: ID number (9 digits) → date of birth; the demo people when absent. */
  people?: Readonly<Record<string, string>>;
}

/** The built-in senior registry: a fixed list of demo people, with a real service's latency and failures. */
export class SandboxSeniorRegistry implements SeniorRegistry {
  private readonly delayMs: number;
  private readonly isDown: () => boolean;
  private readonly people: Readonly<Record<string, string>>;

  constructor(opts: SandboxRegistryOptions = {}) {
    this.delayMs = opts.delayMs ?? 30;
    this.isDown = opts.isDown ?? (() => false);
    this.people = opts.people ?? DEMO_SENIOR_PEOPLE;
  }

  async lookup(idNumber: string, query: SeniorQuery): Promise<SeniorRecord | null> {
    if (this.delayMs > 0) await sleep(this.delayMs);
    const id = idNumber.padStart(9, '0');
    if (this.isDown() || id === UNAVAILABLE_ID)
      throw new SeniorRegistryError('the senior registry did not answer');
    const dateOfBirth = this.people[id];
    if (!dateOfBirth) return null;
    return { isSenior: ageOn(dateOfBirth, query.on) >= query.minimumAge, dateOfBirth };
  }
}
