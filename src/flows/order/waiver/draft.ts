import { proxy } from 'valtio';
import type { Locale } from '../../../api/contract/common.ts';
import type { Presentation, TicketGroup } from '../../../api/contract/presentations.ts';
import type { CartWaiver, WaiverText } from '../../../api/contract/waiver.ts';
import { type AgeBounds, waiverProblems, type WaiverProblem } from '../../../domain/waiver.ts';
import type { HeldSeat } from '../model.ts';

/**
 * The waiver the customer fills before paying (spec sections 2 and 5): the signing adult, one jumper
 * per seat (the seat's ticket type is the jumper's), acceptance and the signature. Checked with the
 * box office's own rules as the customer types; the box office checks it again.
 */
export interface WaiverDraft {
  /** The venue's text as loaded (its id and version go with the order). */
  text: WaiverText | null;
  adult: { name: string; idNumber: string; dateOfBirth: string };
  /** By seat position: the n-th jumper jumps on the n-th seat's ticket. */
  jumpers: { name: string; dateOfBirth: string }[];
  accepted: boolean;
  /** The drawn signature as a PNG data URL; null until something is drawn. */
  signature: string | null;
  /** Fields left once: their messages show before the first attempt to pay. */
  touched: Record<string, boolean>;
  /** The customer's name as last suggested for the adult (followed until the adult's name is changed). */
  suggested: string;
}

export function createWaiverDraft(adultName: string): WaiverDraft {
  return proxy<WaiverDraft>({
    text: null,
    adult: { name: adultName, idNumber: '', dateOfBirth: '' },
    jumpers: [],
    accepted: false,
    signature: null,
    touched: {},
    suggested: adultName,
  });
}

const emptyJumper = { name: '', dateOfBirth: '' };

/** The jumper of each seat, in seat order, with the seat's ticket. */
export function jumpersOf(
  d: { readonly jumpers: readonly { name: string; dateOfBirth: string }[] },
  seats: readonly Pick<HeldSeat, 'ticketId'>[],
) {
  return seats.map((s, i) => ({ ...(d.jumpers[i] ?? emptyJumper), ticketId: s.ticketId ?? 0 }));
}

/** Each ticket type's age bounds, from the presentation's ticket groups. */
export function boundsOf(groups: readonly TicketGroup[]): Map<number, AgeBounds> {
  return new Map(
    groups.flatMap((g) =>
      g.tickets.map((t) => [t.id, { minAge: t.minAge ?? null, maxAge: t.maxAge ?? null }]),
    ),
  );
}

/** Every problem of the waiver as filled in (the box office's rules, src/domain/waiver.ts). */
export function draftProblems(
  d: WaiverDraft,
  p: Pick<Presentation, 'businessDate'>,
  seats: readonly Pick<HeldSeat, 'ticketId'>[],
  groups: readonly TicketGroup[],
): WaiverProblem[] {
  return waiverProblems(
    { adult: d.adult, jumpers: jumpersOf(d, seats), accepted: d.accepted, signed: d.signature !== null },
    {
      showDate: p.businessDate,
      adultMinAge: d.text?.adultMinAge ?? 18,
      ticketIds: seats.map((s) => s.ticketId ?? 0),
      bounds: boundsOf(groups),
    },
  );
}

/** The waiver as the commit sends it; absent until its text is loaded (the box office then asks for it). */
export function waiverLine(
  d: WaiverDraft,
  p: Pick<Presentation, 'id'>,
  seats: readonly Pick<HeldSeat, 'ticketId'>[],
  locale: Locale,
): CartWaiver | undefined {
  if (!d.text) return undefined;
  return {
    presentationId: p.id,
    waiverId: d.text.id,
    version: d.text.version,
    locale,
    adult: { ...d.adult },
    jumpers: jumpersOf(d, seats),
    accepted: d.accepted,
    signature: d.signature ?? '',
  };
}

/** The form's intents: the only writes to a draft. */
export const waiverEdits = {
  loaded(d: WaiverDraft, text: WaiverText) {
    d.text = text;
  },
  /** The adult is usually the customer: the order form's name fills in, until another is typed here. */
  suggestAdult(d: WaiverDraft, name: string) {
    if (!d.adult.name || d.adult.name === d.suggested) d.adult.name = name;
    d.suggested = name;
  },
  adult(d: WaiverDraft, part: keyof WaiverDraft['adult'], value: string) {
    d.adult[part] = value;
  },
  jumper(d: WaiverDraft, i: number, part: 'name' | 'dateOfBirth', value: string) {
    while (d.jumpers.length <= i) d.jumpers.push({ name: '', dateOfBirth: '' });
    d.jumpers[i]![part] = value;
  },
  accepted(d: WaiverDraft, value: boolean) {
    d.accepted = value;
  },
  signature(d: WaiverDraft, png: string | null) {
    d.signature = png;
  },
  touch(d: WaiverDraft, field: string) {
    d.touched[field] = true;
  },
};
