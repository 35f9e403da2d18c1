import { z } from 'zod';
import { VERDICTS } from '../../domain/door/verdict.ts';
import { IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';

/**
 * The door (issue 37): ushers scan tickets on their phones (the door role, managers and admins). A scan
 * is redeemed atomically on the box office and deduplicated by its nonce; a phone downloads a
 * presentation's tickets to decide offline and uploads its scans later (the same call, marked offline).
 */

const PresentationIds = z
  .string()
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,19}$/)
  .transform((s) => s.split(',').map(Number))
  .describe('the presentations the door admits, comma separated (at most 20)');

const Door = z.string().trim().min(1).max(40).describe('the door, as the usher named it ("Main entrance")');

export const DoorVerdictSchema = z.enum(VERDICTS);
export type DoorVerdict = z.infer<typeof DoorVerdictSchema>;

/** A ticket as the door shows it: who, where, what kind. */
export const DoorTicketSchema = z.object({
  ticketIdentifier: z.string(),
  reservationIdentifier: z.string(),
  presentationId: z.number().int(),
  customerName: z.string(),
  section: z.string(),
  row: z.string(),
  seat: z.string(),
  /** The ticket type's name ("Child", "Adult"). */
  ticketType: LocalizedTextSchema,
  /** A child's ticket (its type is for ages under 18): the usher checks who carries it. */
  child: z.boolean(),
  /** The seat is a wheelchair space. */
  wheelchair: z.boolean(),
  state: z.enum(['valid', 'held', 'cancelled']),
});
export type DoorTicketInfo = z.infer<typeof DoorTicketSchema>;

export const EntryStateSchema = z.object({
  inside: z.boolean(),
  entries: z.number().int(),
  lastAt: IsoDateTimeSchema.nullable(),
  lastDoor: z.string().nullable(),
});

export const DoorPresentationsQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .describe('a business date (YYYY-MM-DD); today by default'),
});

export const DoorPresentationSchema = z.object({
  id: z.number().int(),
  title: LocalizedTextSchema,
  startsAt: IsoDateTimeSchema,
  venue: LocalizedTextSchema,
  hall: LocalizedTextSchema,
  reentry: z.boolean(),
  /** Valid tickets sold (expected at the doors). */
  expected: z.number().int(),
  /** Tickets inside now. */
  inside: z.number().int(),
});
export const DoorPresentationsAnswerSchema = z.object({ presentations: z.array(DoorPresentationSchema) });
export type DoorPresentation = z.infer<typeof DoorPresentationSchema>;

export const ScanInputSchema = z.object({
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .describe('unique per scan, made by the phone: a scan sent again is answered as the first time'),
  code: z.string().min(1).max(300).describe('what the QR code or the handheld scanner read, as it read it'),
  presentationIds: z.array(z.number().int().positive()).min(1).max(20),
  door: Door,
  direction: z.enum(['in', 'out']),
  scannedAt: IsoDateTimeSchema.describe('when the phone scanned it (its clock)'),
  offline: z
    .object({ verdict: DoorVerdictSchema })
    .optional()
    .describe('a scan the phone decided offline, uploaded later: what it answered at the door'),
});
export type ScanInput = z.infer<typeof ScanInputSchema>;

export const ScansBodySchema = z.object({
  deviceId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  scans: z.array(ScanInputSchema).min(1).max(500),
});
export type ScansBody = z.infer<typeof ScansBodySchema>;

/** A voucher or a membership card scanned at the door (not a seat ticket). */
export const DoorPassSchema = z.object({
  kind: z.enum(['voucher', 'membership']),
  /** The voucher's or the membership's name. */
  name: LocalizedTextSchema,
  /** Whose it is. */
  holder: z.string(),
  /** A ticket voucher's entries left after this scan; null: not counted (a membership). */
  usesLeft: z.number().int().nullable(),
  /** The last day it is good for (YYYY-MM-DD); null: no end. */
  validUntil: z.string().nullable(),
});
export type DoorPass = z.infer<typeof DoorPassSchema>;

export const ScanResultSchema = z.object({
  nonce: z.string(),
  verdict: DoorVerdictSchema,
  /** already_in, no_reentry, not_inside: when and at which door the ticket last came in or went out. */
  lastAt: IsoDateTimeSchema.nullable(),
  lastDoor: z.string().nullable(),
  /** An offline scan that let in a ticket another door had let in already: staff are told. */
  conflict: z.boolean(),
  ticket: DoorTicketSchema.nullable(),
  /** A voucher or a membership card the code named instead of a ticket. */
  pass: DoorPassSchema.nullable(),
});
export type ScanResult = z.infer<typeof ScanResultSchema>;
export const ScansAnswerSchema = z.object({ results: z.array(ScanResultSchema) });

export const DoorDownloadQuerySchema = z.object({ presentationIds: PresentationIds });
export const DownloadedTicketSchema = DoorTicketSchema.extend({ entry: EntryStateSchema });
export type DownloadedTicket = z.infer<typeof DownloadedTicketSchema>;
export const DoorDownloadSchema = z.object({
  generatedAt: IsoDateTimeSchema,
  /** The box office's Ed25519 public key (raw 32 bytes, base64url): it verifies signed codes. */
  publicKey: z.string(),
  presentations: z.array(DoorPresentationSchema),
  /** Every ticket of the presentations, cancelled ones included (a copied code of one is refused). */
  tickets: z.array(DownloadedTicketSchema),
});
export type DoorDownload = z.infer<typeof DoorDownloadSchema>;

export const DoorCountsQuerySchema = z.object({ presentationIds: PresentationIds });
export const DoorCountsSchema = z.object({
  presentations: z.array(
    z.object({
      id: z.number().int(),
      expected: z.number().int(),
      inside: z.number().int(),
      /** Tickets that came in at least once. */
      arrived: z.number().int(),
      doors: z.array(z.object({ door: z.string(), in: z.number().int(), out: z.number().int() })),
    }),
  ),
  /** Offline scans that let in a ticket twice, newest first. */
  conflicts: z.number().int(),
});
export type DoorCounts = z.infer<typeof DoorCountsSchema>;

export const DoorSearchQuerySchema = z.object({
  presentationIds: PresentationIds,
  q: z.string().trim().min(2).max(100).describe('a name, a reservation or ticket number, or a seat ("12 7")'),
});
export const DoorSearchAnswerSchema = z.object({
  tickets: z.array(DownloadedTicketSchema),
});
