import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doorMessage, formatDoorCode, fromBase64Url, parseDoorCode, toBase64Url } from './doorCode.ts';

describe("a ticket's door code", () => {
  it('writes and reads any bytes as unpadded base64url, as Node does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64url'));
        expect(fromBase64Url(text)).toEqual(bytes);
      }),
    );
    expect(fromBase64Url('ab$d')).toBeNull();
    expect(fromBase64Url('abcde')).toBeNull();
  });

  it('reads back the ticket, presentation and signature it was written with, whatever a scanner adds around it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-HJ-NP-Z2-9]{12}$/),
        fc.integer({ min: 1, max: 2_000_000_000 }),
        fc.uint8Array({ minLength: 64, maxLength: 64 }),
        fc.constantFrom('', '\n', '\r\n', '  '),
        (ticket, presentation, signature, tail) => {
          const code = parseDoorCode(`${formatDoorCode(ticket, presentation, signature)}${tail}`);
          expect(code).toEqual({
            kind: 'signed',
            ticketIdentifier: ticket,
            presentationId: presentation,
            message: doorMessage(ticket, presentation),
            signature,
          });
        },
      ),
    );
  });

  it('reads a bare ticket number (tickets issued before codes were signed) and leaves anything else to the passes', () => {
    expect(parseDoorCode('abcd2345efgh')).toEqual({ kind: 'plain', ticketIdentifier: 'ABCD2345EFGH' });
    expect(parseDoorCode('GIFT-1234-5678')).toEqual({ kind: 'other', text: 'GIFT-1234-5678' });
    expect(parseDoorCode('T1.ABCD2345EFGH.12.short')).toMatchObject({ kind: 'other' });
  });
});
