import {
  cardBrand,
  cardLast4,
  isExpiryValid,
  isValidCardNumber,
  isValidCvv,
} from '../../../../src/domain/validation.ts';
import type { CardDetails, DeclineReason } from '../provider.ts';

/** Test cards of the sandbox acquirer, listed in the README. Any other valid card number is approved. */
export const SANDBOX_CARDS = {
  approveVisa: '4111111111111111',
  approveMastercard: '5555555555554444',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  /** The acquirer does not answer (errorNoResponse). */
  unavailable: '4000000000000119',
  /** 3-D Secure asks for a challenge: the customer approves or fails it on the sandbox bank page. */
  challenge: '4000000000003220',
  /** 3-D Secure challenge; after the customer authenticates, the issuer still declines. */
  challengeThenDecline: '4000008400001629',
  /** 3-D Secure authentication fails without a challenge. */
  authenticationFails: '4000000000003097',
} as const;

export type CardJudgement =
  | { kind: 'approve'; brand: string; last4: string }
  | { kind: 'challenge'; brand: string; last4: string; thenDecline: boolean }
  | { kind: 'decline'; reason: DeclineReason; brand: string; last4: string }
  | { kind: 'unavailable' };

/** What the sandbox's issuer says of a card, as a real acquirer's test mode would. */
export function judgeCard(card: CardDetails, now: number): CardJudgement {
  const digits = card.number.replace(/\D/g, '');
  if (digits === SANDBOX_CARDS.unavailable) return { kind: 'unavailable' };
  const brand = cardBrand(digits);
  const last4 = cardLast4(digits);
  const decline = (reason: DeclineReason): CardJudgement => ({ kind: 'decline', reason, brand, last4 });
  if (!isValidCardNumber(digits) || !isValidCvv(card.cvv)) return decline('invalid_card');
  if (!isExpiryValid(card.expiry, new Date(now)) || digits === SANDBOX_CARDS.expired)
    return decline('card_expired');
  if (digits === SANDBOX_CARDS.decline) return decline('declined');
  if (digits === SANDBOX_CARDS.insufficientFunds) return decline('insufficient_funds');
  if (digits === SANDBOX_CARDS.authenticationFails) return decline('authentication_failed');
  if (digits === SANDBOX_CARDS.challenge) return { kind: 'challenge', brand, last4, thenDecline: false };
  if (digits === SANDBOX_CARDS.challengeThenDecline)
    return { kind: 'challenge', brand, last4, thenDecline: true };
  return { kind: 'approve', brand, last4 };
}
