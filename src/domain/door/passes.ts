/**
 * Vouchers and membership cards scanned at the door (issue 37), pure: what a scan of a pass answers and
 * what it changes. A ticket voucher lets one person in per scan and takes one of its uses (the spec's
 * "scanned/redeemed" status once none is left); a gift card pays at the counter, not at the door; a
 * membership card only shows whether its holder is a member today. The box office applies it inside
 * the scan's transaction, with a conditional update so two doors never take the same last use.
 */
import type { ScanDirection, VerdictKind } from './verdict.ts';

/** The verdicts of a pass (in VERDICTS, verdict.ts). */
export type PassVerdict = Extract<
  VerdictKind,
  `voucher_${string}` | 'gift_card' | `member_${string}` | 'exited'
>;

/** A system voucher as the door sees it. */
export interface DoorVoucher {
  /** A gift card (stored value): it pays at the counter, it is no entry. */
  giftCard: boolean;
  state: 'active' | 'cancelled' | 'scanned';
  /** Set aside to be exchanged (spec section 4): not usable until it is. */
  forReplacement: boolean;
  /** Its validity, epoch ms: from startDate, before endDate. */
  startDate: number;
  endDate: number;
  /** A dated voucher: the business date (YYYY-MM-DD) it is good for; null: any date of its validity. */
  validDate: string | null;
  /** Uses not yet redeemed, less those an order being paid has claimed. */
  usesLeft: number;
  /** The door's presentations whose price list has a ticket type this voucher's class pays. */
  payable: readonly { presentationId: number; businessDate: string }[];
}

export interface VoucherDecision {
  verdict: PassVerdict;
  /** The presentation a voucher_admitted lets its holder into; null otherwise. */
  presentationId: number | null;
  /** Uses left after the scan. */
  usesLeft: number;
  /** The voucher's state after the scan: 'scanned' once the door took its last use. */
  state: DoorVoucher['state'];
}

/**
 * One scan of a voucher at `at` (epoch ms). Leaving (direction out) is always allowed and changes
 * nothing. Refusals say why, the box office's state first: gift card, cancelled, used up, not active
 * (set for replacement, or its validity not begun), expired, not for the door's presentations.
 */
export function decideVoucher(
  v: DoorVoucher,
  scan: { direction: ScanDirection; at: number },
): VoucherDecision {
  const refuse = (verdict: PassVerdict): VoucherDecision => ({
    verdict,
    presentationId: null,
    usesLeft: Math.max(0, v.usesLeft),
    state: v.state,
  });
  if (scan.direction === 'out') return refuse('exited');
  if (v.giftCard) return refuse('gift_card');
  if (v.state === 'cancelled') return refuse('voucher_cancelled');
  if (v.state === 'scanned') return refuse('voucher_used_up');
  if (v.forReplacement || v.startDate > scan.at) return refuse('voucher_not_active');
  if (v.endDate <= scan.at) return refuse('voucher_expired');
  if (v.usesLeft <= 0) return refuse('voucher_used_up');
  const here = v.payable.find((p) => v.validDate === null || v.validDate === p.businessDate);
  if (!here) return refuse('voucher_not_valid_here');
  const usesLeft = v.usesLeft - 1;
  return {
    verdict: 'voucher_admitted',
    presentationId: here.presentationId,
    usesLeft,
    state: usesLeft === 0 ? 'scanned' : 'active',
  };
}

/** A member (a membership card) as the door sees it: dates are the venue's calendar dates (YYYY-MM-DD). */
export interface DoorMember {
  /** 'active'; 'pending' while its order is paid; 'cancelled'. */
  state: string;
  startDate: string;
  endDate: string;
}

/** A membership card answers green while it is active and today is within its dates; it counts nothing. */
export function decideMember(m: DoorMember, today: string, direction: ScanDirection): PassVerdict {
  if (direction === 'out') return 'exited';
  return m.state === 'active' && m.startDate <= today && today <= m.endDate
    ? 'member_valid'
    : 'member_not_valid';
}
