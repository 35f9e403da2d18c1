/**
 * The national senior-citizen registry (issue 20): asked whether an ID number belongs to a senior citizen.
 * A real registry is a service over the internet; the box office talks to it only through this interface,
 * so the built-in sandbox (sandboxRegistry.ts) and a real one are interchangeable.
 */
export interface SeniorRegistry {
  /**
   * What the registry knows of a (check-digit valid, 9-digit) ID number on a date: null when it has no
   * such person. Rejects with SeniorRegistryError when the registry cannot answer (down, timed out).
   */
  lookup(idNumber: string, query: SeniorQuery): Promise<SeniorRecord | null>;
}

export interface SeniorQuery {
  /** The venue's age from which a person counts as a senior citizen (settings.seniorCitizen). */
  minimumAge: number;
  /** The date the age is taken on (YYYY-MM-DD, the venue's calendar). */
  on: string;
}

export interface SeniorRecord {
  isSenior: boolean;
  /** YYYY-MM-DD; what the registry read the age from. */
  dateOfBirth: string;
}

/** The registry did not answer: the caller sees seniorBenefitError (reason unavailable), never a 5xx. */
export class SeniorRegistryError extends Error {
  override readonly name = 'SeniorRegistryError';
}

/** Whole years from a date of birth to a date, both YYYY-MM-DD. */
export function ageOn(dateOfBirth: string, on: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
