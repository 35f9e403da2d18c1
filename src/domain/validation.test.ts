import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardLast4,
  isDigitsOnly,
  isExpiryValid,
  isLettersOnly,
  isValidCardNumber,
  isValidCvv,
  isValidEmail,
  isValidIsraeliId,
  normalizeIsraeliMobile,
  parseExpiry,
} from './validation.ts';

const digitString = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

describe('isValidIsraeliId', () => {
  it.each(['000000018', '123456782', '039337423', '39337423', '000000026', '200000008', '999999998'])(
    'accepts %s',
    (id) => {
      expect(isValidIsraeliId(id)).toBe(true);
    },
  );

  it('accepts short numbers by padding them to nine digits', () => {
    // '00001' + check digit 8 is '000000018' once padded.
    expect(isValidIsraeliId('000018')).toBe(true);
    expect(isValidIsraeliId('00018')).toBe(true);
  });

  it('ignores surrounding whitespace', () => {
    expect(isValidIsraeliId('  123456782 ')).toBe(true);
  });

  it.each(['123456789', '123456781', '039337424', '000000019', '12345678', '305567663'])(
    'rejects %s (wrong check digit)',
    (id) => {
      expect(isValidIsraeliId(id)).toBe(false);
    },
  );

  it('rejects all zeros, though the sum is divisible by 10', () => {
    expect(isValidIsraeliId('000000000')).toBe(false);
    expect(isValidIsraeliId('00000')).toBe(false);
  });

  it.each(['', '18', '0018', '1234567890', '12345678a', '123-45678', '１２３４５６７８２'])(
    'rejects %j (too short, too long or not ASCII digits)',
    (id) => {
      expect(isValidIsraeliId(id)).toBe(false);
    },
  );

  it('has exactly one check digit for every eight-digit prefix', () => {
    fc.assert(
      fc.property(
        digitString(8, 8).filter((p) => !/^0+$/.test(p)),
        (prefix) => {
          const good = [...'0123456789'].filter((d) => isValidIsraeliId(prefix + d));
          expect(good).toHaveLength(1);
        },
      ),
    );
  });

  it('gives the same answer with or without leading zeros', () => {
    fc.assert(
      fc.property(digitString(5, 9), (id) => {
        expect(isValidIsraeliId(id)).toBe(isValidIsraeliId(id.padStart(9, '0')));
      }),
    );
  });
});

describe('normalizeIsraeliMobile', () => {
  it.each([
    ['050-1234567', '0501234567'],
    ['0521234567', '0521234567'],
    ['+972 50 123 4567', '0501234567'],
    ['+972-54-123-4567', '0541234567'],
    ['972501234567', '0501234567'],
    ['(058) 123.4567', '0581234567'],
    [' 053 123 4567 ', '0531234567'],
  ])('normalises %j to %s', (input, expected) => {
    expect(normalizeIsraeliMobile(input)).toBe(expected);
  });

  it.each([
    '03-1234567', // Tel Aviv landline
    '02-6234567', // Jerusalem landline
    '+972 3 123 4567',
    '050-123456', // one digit short
    '050-12345678', // one digit long
    '501234567', // no leading zero
    '1-800-123-456',
    '05O-1234567', // letter O
    '',
  ])('rejects %j', (input) => {
    expect(normalizeIsraeliMobile(input)).toBeNull();
  });

  it('always yields ten digits starting 05, or null', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789+-() .9725'), maxLength: 20 }), (s) => {
        const n = normalizeIsraeliMobile(s);
        if (n !== null) expect(n).toMatch(/^05\d{8}$/);
      }),
    );
  });
});

describe('isValidEmail', () => {
  it.each([
    'dana@example.com',
    'first.last+tag@sub.example.co.il',
    '  padded@example.org  ',
    'דנה@דוגמה.קום',
  ])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'plain',
    'no-at.example.com',
    '@example.com',
    'dana@',
    'dana@example',
    'dana@example.c',
    'da na@example.com',
    'dana@@example.com',
    'dana@exa mple.com',
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('rejects addresses longer than 254 characters', () => {
    const local = 'a'.repeat(64);
    const ok = `${local}@${'b'.repeat(254 - 64 - 1 - 4)}.com`;
    expect(ok).toHaveLength(254);
    expect(isValidEmail(ok)).toBe(true);
    expect(isValidEmail(`a${ok}`)).toBe(false);
  });
});

describe('isLettersOnly', () => {
  it.each([
    'Dana',
    'דנה כהן',
    'محمد',
    'Анна-Мария',
    "O'Brien",
    'O’Neill',
    'J. R.',
    'Jean-Luc',
    'Zoë',
    '  Dana  ',
  ])('accepts %j', (name) => {
    expect(isLettersOnly(name)).toBe(true);
  });

  it.each(['', '   ', 'Dana1', 'R2-D2', "'Dana", '-Dana', '.Dana', 'Dana!', 'dana@example.com', 'דנה_כהן'])(
    'rejects %j',
    (name) => {
      expect(isLettersOnly(name)).toBe(false);
    },
  );
});

describe('isDigitsOnly', () => {
  it('accepts ASCII digit strings', () => {
    expect(isDigitsOnly('0')).toBe(true);
    expect(isDigitsOnly('0123456789')).toBe(true);
  });

  it.each(['', ' 1', '1 ', '1.5', '-1', '12a', '١٢٣'])('rejects %j', (s) => {
    expect(isDigitsOnly(s)).toBe(false);
  });
});

describe('isValidCardNumber', () => {
  it.each([
    '4111 1111 1111 1111',
    '4111111111111111',
    '5555 5555 5555 4444',
    '5555-5555-5555-4444',
    '4580000000000000',
    '4012888888881881',
    '378282246310005', // 15-digit Amex
    '6011111111111117',
  ])('accepts %j', (card) => {
    expect(isValidCardNumber(card)).toBe(true);
  });

  it.each(['4111111111111112', '4111 1111 1111 1121', '5555555555554443', '4580000000000001'])(
    'rejects %j (Luhn check fails)',
    (card) => {
      expect(isValidCardNumber(card)).toBe(false);
    },
  );

  it('accepts only 12 to 19 digits', () => {
    // '0' padding keeps the Luhn sum, so each of these passes the check digit.
    expect(isValidCardNumber('00000000018')).toBe(false); // 11
    expect(isValidCardNumber('000000000018')).toBe(true); // 12
    expect(isValidCardNumber('0000000000000000018')).toBe(true); // 19
    expect(isValidCardNumber('00000000000000000018')).toBe(false); // 20
  });

  it.each(['', '4111.1111.1111.1111', '4111_1111_1111_1111', '4111x1111x1111x1111'])(
    'rejects %j (other characters)',
    (card) => {
      expect(isValidCardNumber(card)).toBe(false);
    },
  );

  it('has exactly one check digit for any 11 to 18 digits', () => {
    fc.assert(
      fc.property(digitString(11, 18), (body) => {
        const good = [...'0123456789'].filter((d) => isValidCardNumber(body + d));
        expect(good).toHaveLength(1);
      }),
    );
  });

  it('detects every single-digit typo', () => {
    fc.assert(
      fc.property(digitString(11, 18), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, delta) => {
        const check = [...'0123456789'].find((d) => isValidCardNumber(body + d))!;
        const card = body + check;
        const i = at % card.length;
        const typo = card.slice(0, i) + String((Number(card[i]) + delta) % 10) + card.slice(i + 1);
        expect(isValidCardNumber(typo)).toBe(false);
      }),
    );
  });

  it('ignores spaces and dashes wherever they are', () => {
    fc.assert(
      fc.property(
        digitString(12, 19),
        fc.array(fc.constantFrom(' ', '-', '  ')),
        fc.nat(),
        (card, seps, seed) => {
          let spaced = card;
          seps.forEach((sep, k) => {
            const at = (seed + k * 7) % (spaced.length + 1);
            spaced = spaced.slice(0, at) + sep + spaced.slice(at);
          });
          expect(isValidCardNumber(spaced)).toBe(isValidCardNumber(card));
        },
      ),
    );
  });
});

describe('parseExpiry', () => {
  it.each([
    ['11/26', { month: 11, year: 2026 }],
    ['1/27', { month: 1, year: 2027 }],
    ['01/2030', { month: 1, year: 2030 }],
    [' 12 / 46 ', { month: 12, year: 2046 }],
    ['12/2046', { month: 12, year: 2046 }],
  ])('reads %j', (input, expected) => {
    expect(parseExpiry(input)).toEqual(expected);
  });

  it.each(['', '13/27', '00/27', '0/27', '11/2', '11/202', '11/20266', '1127', '11-27', 'ab/cd', '123/27'])(
    'rejects %j',
    (input) => {
      expect(parseExpiry(input)).toBeNull();
    },
  );
});

describe('isExpiryValid', () => {
  const now = new Date('2026-11-22T10:00:00Z');

  it('is valid through the current month', () => {
    expect(isExpiryValid('11/26', now)).toBe(true);
    expect(isExpiryValid('11/2026', now)).toBe(true);
    expect(isExpiryValid('12/26', now)).toBe(true);
    expect(isExpiryValid('01/27', now)).toBe(true);
  });

  it('is invalid once the month has passed', () => {
    expect(isExpiryValid('10/26', now)).toBe(false);
    expect(isExpiryValid('12/25', now)).toBe(false);
    expect(isExpiryValid('11/25', now)).toBe(false);
  });

  it('is valid on the last day of the month and invalid on the first of the next', () => {
    // Midday, so the day is the same in UTC and in Israel.
    expect(isExpiryValid('11/26', new Date('2026-11-30T12:00:00Z'))).toBe(true);
    expect(isExpiryValid('11/26', new Date('2026-12-01T12:00:00Z'))).toBe(false);
  });

  it('rejects months that do not exist', () => {
    expect(isExpiryValid('13/27', now)).toBe(false);
    expect(isExpiryValid('00/27', now)).toBe(false);
  });

  it('accepts up to 20 years ahead, no more', () => {
    expect(isExpiryValid('12/2046', now)).toBe(true);
    expect(isExpiryValid('12/46', now)).toBe(true);
    expect(isExpiryValid('01/2047', now)).toBe(false);
    expect(isExpiryValid('12/47', now)).toBe(false);
    expect(isExpiryValid('12/99', now)).toBe(false);
  });

  it('rejects what it cannot parse', () => {
    expect(isExpiryValid('', now)).toBe(false);
    expect(isExpiryValid('soon', now)).toBe(false);
  });

  it('agrees with a month count for any date and expiry', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2001-01-01T00:00:00Z'),
          max: new Date('2078-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2000, max: 2099 }),
        (when, month, year) => {
          const monthsAhead = (year - when.getUTCFullYear()) * 12 + (month - (when.getUTCMonth() + 1));
          const expected = monthsAhead >= 0 && year <= when.getUTCFullYear() + 20;
          const mm = String(month).padStart(2, '0');
          expect(isExpiryValid(`${mm}/${year}`, when)).toBe(expected);
          expect(isExpiryValid(`${mm}/${String(year % 100).padStart(2, '0')}`, when)).toBe(expected);
        },
      ),
    );
  });
});

describe('isValidCvv', () => {
  it.each(['123', '0000', ' 999 '])('accepts %j', (cvv) => {
    expect(isValidCvv(cvv)).toBe(true);
  });

  it.each(['', '12', '12345', '12a', '1 23'])('rejects %j', (cvv) => {
    expect(isValidCvv(cvv)).toBe(false);
  });
});

describe('cardLast4', () => {
  it('keeps only the last four digits', () => {
    expect(cardLast4('4111 1111 1111 1111')).toBe('1111');
    expect(cardLast4('5555-5555-5555-4444')).toBe('4444');
    expect(cardLast4('4580000000001234 ')).toBe('1234');
    expect(cardLast4('12')).toBe('12');
  });

  it('never returns anything but up to four digits that end the card number', () => {
    fc.assert(
      fc.property(digitString(0, 19), (card) => {
        const last = cardLast4(card.replace(/(\d{4})/g, '$1 '));
        expect(last).toMatch(/^\d{0,4}$/);
        expect(card.endsWith(last)).toBe(true);
        expect(last).toHaveLength(Math.min(4, card.length));
      }),
    );
  });
});

describe('cardBrand', () => {
  it.each([
    ['4111 1111 1111 1111', 'visa'],
    ['4580000000000000', 'visa'],
    ['5555 5555 5555 4444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['3782 822463 10005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'other'],
    ['5011111111111111', 'other'],
    ['5611111111111111', 'other'],
    ['2121000000000000', 'other'],
    ['2800000000000000', 'other'],
    ['3000000000000000', 'other'],
    ['3530111333300000', 'other'],
    ['', 'other'],
  ])('%j is %s', (card, brand) => {
    expect(cardBrand(card)).toBe(brand);
  });
});
