import type { Transaction } from 'kysely';
import type { LocalizedText } from '../../../src/api/contract/common.ts';
import type { DoorPass, ScanInput, ScanResult } from '../../../src/api/contract/door.ts';
import { parseDoorCode } from '../../../src/domain/door/doorCode.ts';
import {
  decideMember,
  decideVoucher,
  type PassVerdict,
  type VoucherDecision,
} from '../../../src/domain/door/passes.ts';
import type { VerdictKind } from '../../../src/domain/door/verdict.ts';
import { calendarDate } from '../../../src/domain/venue.ts';
import type { Database } from '../../db/types.ts';
import { voucherUsesLeft } from '../ticketCodes/voucherCodes.ts';

type Trx = Transaction<Database>;

/** What a scan of a pass answers and records: its verdict, the presentation it let into, the pass. */
interface PassAnswer {
  verdict: VerdictKind;
  presentationId: number | null;
  conflict: boolean;
  pass: DoorPass;
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/**
 * A scan whose code named no ticket (issue 37), looked up as a voucher's reference, then as a member
 * number; null when it is neither (the scan stays `unknown`). Called by redeemScans inside the scan's
 * transaction, after its nonce was claimed: a voucher's use is taken by one conditional update, so two
 * doors never take its last use twice, and the scan's row keeps the pass so a repeat answers the same.
 */
export async function redeemPass(trx: Trx, scan: ScanInput): Promise<ScanResult | null> {
  const code = parseDoorCode(scan.code);
  if (code.kind === 'signed') return null;
  const text = code.kind === 'plain' ? code.ticketIdentifier : code.text;
  const at = Date.parse(scan.scannedAt);
  const answer =
    (await voucherScan(trx, scan, text.toUpperCase(), at)) ?? (await memberScan(trx, scan, text, at));
  if (!answer) return null;
  await trx
    .updateTable('door_scans')
    .set({
      presentation_id: answer.presentationId,
      verdict: answer.verdict,
      conflict: answer.conflict ? 1 : 0,
      pass_json: JSON.stringify(answer.pass),
    })
    .where('nonce', '=', scan.nonce)
    .execute();
  return {
    nonce: scan.nonce,
    verdict: answer.verdict,
    lastAt: null,
    lastDoor: null,
    conflict: answer.conflict,
    ticket: null,
    pass: answer.pass,
  };
}

/** The voucher with this reference, locked until the scan's transaction ends. */
function lockedVoucher(trx: Trx, reference: string) {
  return trx
    .selectFrom('system_vouchers as v')
    .innerJoin('system_voucher_classes as k', 'k.id', 'v.class_id')
    .leftJoin('customers as c', 'c.id', 'v.customer_id')
    .select(['v.reference', 'v.class_id', 'v.balance', 'v.state', 'v.start_date', 'v.end_date'])
    .select(['v.is_for_replacement', 'v.valid_date', 'k.is_stored_value', 'k.name_json'])
    .select(['c.first_name', 'c.last_name'])
    .where('v.reference', '=', reference)
    .forUpdate('v')
    .executeTakeFirst();
}

/** The door's presentations whose price list sells a ticket type the voucher's class pays for. */
function payablePresentations(trx: Trx, classId: number, presentationIds: readonly number[]) {
  return trx
    .selectFrom('presentations as p')
    .innerJoin('presentation_ticket_groups as ptg', 'ptg.presentation_id', 'p.id')
    .innerJoin('tickets as t', (j) =>
      j
        .onRef('t.ticket_group_id', '=', 'ptg.ticket_group_id')
        .onRef('t.price_list_id', '=', 'p.price_list_id'),
    )
    .select(['p.id as presentationId', 'p.business_date as businessDate', 'p.starts_at'])
    .distinct()
    .where('p.id', 'in', presentationIds)
    .where('p.called_off_at', 'is', null)
    .where('t.voucher_class_id', '=', classId)
    .orderBy('p.starts_at')
    .execute();
}

async function voucherScan(
  trx: Trx,
  scan: ScanInput,
  reference: string,
  at: number,
): Promise<PassAnswer | null> {
  // A second door may take a use between the read and the update (PostgreSQL: not while this lock is
  // held; SQLite: one writer): the update is conditional all the same, and a lost race reads again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const v = await lockedVoucher(trx, reference);
    if (!v) return null;
    const giftCard = v.is_stored_value === 1;
    const decision = decideVoucher(
      {
        giftCard,
        state: v.state,
        forReplacement: v.is_for_replacement === 1,
        startDate: Number(v.start_date),
        endDate: Number(v.end_date),
        validDate: v.valid_date,
        usesLeft: giftCard ? 0 : await voucherUsesLeft(trx, v.reference, v.balance),
        payable: giftCard ? [] : await payablePresentations(trx, v.class_id, scan.presentationIds),
      },
      { direction: scan.direction, at },
    );
    const { verdict, conflict, take } = offlineOutcome(scan, decision.verdict);
    if (take && !(await takeUse(trx, v.reference, v.balance, decision))) continue;
    // An admission not taken (an offline phone refused it) leaves the use on the voucher.
    const usesLeft = decision.usesLeft + (decision.verdict === 'voucher_admitted' && !take ? 1 : 0);
    return {
      verdict,
      presentationId: take ? decision.presentationId : null,
      conflict,
      pass: {
        kind: 'voucher',
        name: JSON.parse(v.name_json) as LocalizedText,
        holder: fullName(v.first_name, v.last_name),
        usesLeft: giftCard ? null : usesLeft,
        validUntil: v.valid_date ?? calendarDate(Number(v.end_date) - 1),
      },
    };
  }
  throw new Error(`voucher ${reference}: the door could not take a use after 5 tries`);
}

/**
 * What a scan does to a voucher. Online: the box office's decision. An offline scan uploaded later: what
 * the phone did at the door stands; a voucher it let in takes its use if it has one, else the double
 * use is a conflict shown to staff (as for tickets, redeem.ts).
 */
function offlineOutcome(
  scan: ScanInput,
  decided: PassVerdict,
): { verdict: VerdictKind; conflict: boolean; take: boolean } {
  const told = scan.offline?.verdict;
  if (!told) return { verdict: decided, conflict: false, take: decided === 'voucher_admitted' };
  if (told !== 'voucher_admitted') return { verdict: told, conflict: false, take: false };
  if (decided === 'voucher_admitted') return { verdict: told, conflict: false, take: true };
  return { verdict: decided, conflict: true, take: false };
}

/** Takes one use, only from the balance that was read (and the voucher still active); false: it moved. */
async function takeUse(trx: Trx, reference: string, balance: number, d: VoucherDecision): Promise<boolean> {
  const taken = await trx
    .updateTable('system_vouchers')
    .set((eb) => ({
      balance: eb('balance', '-', 1),
      redeemed: eb('redeemed', '+', 1),
      state: d.state,
    }))
    .where('reference', '=', reference)
    .where('balance', '=', balance)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

async function memberScan(
  trx: Trx,
  scan: ScanInput,
  memberNumber: string,
  at: number,
): Promise<PassAnswer | null> {
  const m = await trx
    .selectFrom('members as m')
    .innerJoin('memberships as ms', 'ms.id', 'm.membership_id')
    .leftJoin('customers as c', 'c.id', 'm.customer_id')
    .select(['m.state', 'm.start_date', 'm.end_date', 'm.additional_name', 'ms.name_json'])
    .select(['c.first_name', 'c.last_name'])
    .where('m.member_number', '=', memberNumber)
    .executeTakeFirst();
  if (!m) return null;
  const decided = decideMember(
    { state: m.state, startDate: m.start_date, endDate: m.end_date },
    calendarDate(at),
    scan.direction,
  );
  return {
    // A membership card counts nothing: an offline scan keeps what the phone answered.
    verdict: scan.offline?.verdict ?? decided,
    presentationId: null,
    conflict: false,
    pass: {
      kind: 'membership',
      name: JSON.parse(m.name_json) as LocalizedText,
      holder: m.additional_name ?? fullName(m.first_name, m.last_name),
      usesLeft: null,
      validUntil: m.end_date,
    },
  };
}
