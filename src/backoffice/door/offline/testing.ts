import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { DoorDownload, DownloadedTicket, ScanResult } from '../../../api/contract/door.ts';
import { doorMessage, formatDoorCode, toBase64Url } from '../../../domain/door/doorCode.ts';
import type { DoorScan } from './localDecision.ts';

/** For the offline tests: a box office's key, its download and its codes, made with node:crypto. */
export interface TestBoxOffice {
  publicKey: string;
  signed(ticketIdentifier: string, presentationId: number): string;
}

export function testKey(): TestBoxOffice {
  const pair = generateKeyPairSync('ed25519');
  const spki = pair.publicKey.export({ format: 'der', type: 'spki' });
  return {
    publicKey: toBase64Url(new Uint8Array(spki.subarray(spki.length - 32))),
    signed: (ticket, presentation) => signedWith(pair.privateKey, ticket, presentation),
  };
}

export function signedWith(privateKey: KeyObject, ticketIdentifier: string, presentationId: number): string {
  const signature = sign(null, Buffer.from(doorMessage(ticketIdentifier, presentationId)), privateKey);
  return formatDoorCode(ticketIdentifier, presentationId, new Uint8Array(signature));
}

/** A code of the ticket signed by someone else's key. */
export function forged(ticketIdentifier: string, presentationId: number): string {
  return signedWith(generateKeyPairSync('ed25519').privateKey, ticketIdentifier, presentationId);
}

export const GENERATED_AT = '2026-05-01T16:00:00.000Z';

export function ticket(
  ticketIdentifier: string,
  over: Partial<DownloadedTicket> = {},
  presentationId = 7,
): DownloadedTicket {
  return {
    ticketIdentifier,
    reservationIdentifier: 'RES1',
    presentationId,
    customerName: 'Dana Levi',
    section: 'Hall',
    row: '3',
    seat: '7',
    ticketType: { he: 'רגיל', en: 'Adult' },
    child: false,
    wheelchair: false,
    state: 'valid',
    entry: { inside: false, entries: 0, lastAt: null, lastDoor: null },
    ...over,
  };
}

export function download(publicKey: string, tickets: DownloadedTicket[], reentry = false): DoorDownload {
  return {
    generatedAt: GENERATED_AT,
    publicKey,
    presentations: [
      {
        id: 7,
        title: { he: 'הופעה', en: 'Show' },
        startsAt: '2026-05-01T17:00:00.000Z',
        venue: { he: 'אולם', en: 'Hall' },
        hall: { he: 'אולם', en: 'Hall' },
        reentry,
        expected: tickets.length,
        inside: 0,
      },
    ],
    tickets,
  };
}

let n = 0;
export function scanOf(code: string, over: Partial<DoorScan> = {}): DoorScan {
  n += 1;
  return {
    nonce: `nonce-${String(n).padStart(12, '0')}`,
    code,
    presentationIds: [7],
    door: 'Main entrance',
    direction: 'in',
    scannedAt: '2026-05-01T16:30:00.000Z',
    ...over,
  };
}

/** The answer the box office gives an offline scan it takes as told (a conflict when asked). */
export function toldAnswer(
  scan: { nonce: string; offline?: { verdict: ScanResult['verdict'] } },
  conflict = false,
): ScanResult {
  return {
    nonce: scan.nonce,
    verdict: conflict ? 'already_in' : (scan.offline?.verdict ?? 'admitted'),
    lastAt: conflict ? '2026-05-01T16:10:00.000Z' : null,
    lastDoor: conflict ? 'North door' : null,
    conflict,
    ticket: null,
    pass: null,
  };
}
