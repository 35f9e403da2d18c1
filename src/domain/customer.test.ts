import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CustomerInfo } from '../api/contract/order.ts';
import type { OrderCustomerInfoBlock } from '../api/contract/session.ts';
import { loadConfig } from '../../server/config.ts';
import { defaultSettings } from '../../server/settings.ts';
import {
  askedFields,
  customerDetailsBlock,
  customerFieldRules,
  validateCustomerInfo,
  validateDeliveryAddress,
} from './customer.ts';
import { isValidIsraeliId } from './validation.ts';

const block = defaultSettings(loadConfig({})).customerInfo.order;
const good = {
  firstName: 'Dana',
  lastName: 'Levi',
  email: 'dana@example.com',
  mobileNumber: '050-1234567',
  termsAccepted: true,
};

/** Every field asked; only first name, last name and e-mail required (as the venue may configure). */
const everything: OrderCustomerInfoBlock = {
  ...block,
  fields: Object.fromEntries(
    Object.keys(block.fields).map((f) => [
      f,
      { isIncluded: true, isRequired: ['firstName', 'lastName', 'email'].includes(f) },
    ]),
  ) as OrderCustomerInfoBlock['fields'],
};
const full: CustomerInfo = {
  ...good,
  address1: 'Herzl 1',
  address2: 'Apartment 4',
  city: 'תל אביב-יפו',
  postalCode: '6100001',
  dateOfBirth: '1990-05-17',
  ssn: '123456782',
  locationId: 1,
};
/** The one problem of `field` when it holds `value` (the rest of the form being fine). */
const problemOf = (field: keyof CustomerInfo, value: unknown) =>
  validateCustomerInfo(everything, { ...full, [field]: value }).find((p) => p.field === field) ?? null;

describe('the order customer form (spec sections 3 and 5)', () => {
  it('asks first name, last name, e-mail and mobile by default, all required', () => {
    expect(askedFields(block)).toEqual([
      { field: 'firstName', required: true },
      { field: 'lastName', required: true },
      { field: 'email', required: true },
      { field: 'mobileNumber', required: true },
    ]);
    expect(block.isTermsRequired && !block.isTermsConfirmed).toBe(true);
  });

  it('accepts a complete form and names every broken field, one message each', () => {
    expect(validateCustomerInfo(block, good)).toEqual([]);
    expect(validateCustomerInfo(everything, full)).toEqual([]);
    expect(
      validateCustomerInfo(block, {
        ...good,
        firstName: '',
        email: 'x@',
        mobileNumber: '03-1234567',
        termsAccepted: false,
      }),
    ).toEqual([
      { code: 'field_required', field: 'firstName' },
      { code: 'field_email', field: 'email' },
      { code: 'field_invalid', field: 'mobileNumber' },
      { code: 'terms_not_approved', field: 'termsAccepted' },
    ]);
  });

  it('answers each generic rule with its own message and the bound it names', () => {
    expect(problemOf('firstName', '   ')).toEqual({ code: 'field_required', field: 'firstName' });
    expect(problemOf('lastName', 'Levi2')).toEqual({ code: 'field_letters_only', field: 'lastName' });
    expect(problemOf('email', 'dana@example')).toEqual({ code: 'field_email', field: 'email' });
    expect(problemOf('firstName', 'D')).toEqual({
      code: 'field_min_length',
      field: 'firstName',
      params: { min: 2 },
    });
    expect(problemOf('city', 'א'.repeat(41))).toEqual({
      code: 'field_max_length',
      field: 'city',
      params: { max: 40 },
    });
    expect(problemOf('postalCode', '61OO001')).toEqual({ code: 'field_digits_only', field: 'postalCode' });
    expect(problemOf('postalCode', '6100')).toEqual({
      code: 'field_min_length',
      field: 'postalCode',
      params: { min: 5 },
    });
    // The ID number: digits first, then its check digit (the spec's own invalid_ssn).
    expect(problemOf('ssn', '12345678X')).toEqual({ code: 'field_digits_only', field: 'ssn' });
    expect(problemOf('ssn', '123456789')).toEqual({ code: 'invalid_ssn', field: 'ssn' });
    expect(problemOf('dateOfBirth', '1990-02-30')).toEqual({ code: 'field_invalid', field: 'dateOfBirth' });
    // Optional fields may stay empty; a filled one is checked.
    expect(problemOf('address2', '')).toBeNull();
    expect(problemOf('address2', 'x'.repeat(81))).toMatchObject({ code: 'field_max_length' });
  });

  it('keeps its rules in one table: names, city and postal code as the spec form has them', () => {
    expect(customerFieldRules.firstName).toEqual([
      { rule: 'max_length', max: 40 },
      { rule: 'letters_only' },
      { rule: 'min_length', min: 2 },
    ]);
    expect(customerFieldRules.email).toEqual([{ rule: 'max_length', max: 100 }, { rule: 'email' }]);
    expect(customerFieldRules.postalCode).toEqual([
      { rule: 'max_length', max: 7 },
      { rule: 'digits_only' },
      { rule: 'min_length', min: 5 },
    ]);
    expect(customerFieldRules.address1).toEqual([
      { rule: 'max_length', max: 80 },
      { rule: 'min_length', min: 2 },
    ]);
    expect(customerFieldRules.ssn.at(-1)).toEqual({ rule: 'israeli_id' });
  });

  it('requires the branch only where the block does', () => {
    const withBranch = (isRequired: boolean): OrderCustomerInfoBlock => ({
      ...block,
      fields: { ...block.fields, location: { isIncluded: true, isRequired } },
    });
    expect(validateCustomerInfo(withBranch(true), good)).toEqual([
      { code: 'field_required', field: 'location' },
    ]);
    expect(validateCustomerInfo(withBranch(true), { ...good, locationId: 2 })).toEqual([]);
    expect(validateCustomerInfo(withBranch(false), good)).toEqual([]);
  });

  it('checks the ID number and the confirmation fields when the venue asks for them', () => {
    const strict: OrderCustomerInfoBlock = {
      ...block,
      isSSNRequired: true,
      isVerifyEmail: true,
      isVerifyMobileNumber: true,
    };
    expect(
      validateCustomerInfo(strict, {
        ...good,
        ssn: '123456789',
        emailConfirmation: 'other@example.com',
        mobileNumberConfirmation: '+972 50 123 4567',
      }),
    ).toEqual([
      { code: 'invalid_ssn', field: 'ssn' },
      { code: 'email_mismatch', field: 'emailConfirmation' },
    ]);
    expect(
      validateCustomerInfo(strict, {
        ...good,
        ssn: '123456782',
        emailConfirmation: 'DANA@example.com',
        mobileNumberConfirmation: '0501234567',
      }),
    ).toEqual([]);
  });

  it("checks the personal area's details with the same table: names and e-mail required, no terms", () => {
    const details = customerDetailsBlock(block);
    expect(
      askedFields(details)
        .filter((f) => f.required)
        .map((f) => f.field),
    ).toEqual(['firstName', 'lastName', 'email']);
    expect(validateCustomerInfo(details, { firstName: 'Noa', lastName: 'Bar-Lev', email: 'n@x.co' })).toEqual(
      [],
    );
    expect(validateCustomerInfo(details, { ...full, city: 'Haifa 3' })).toEqual([
      { code: 'field_letters_only', field: 'city' },
    ]);
  });
});

describe('the delivery address', () => {
  it('requires every part and checks it like the customer address', () => {
    expect(validateDeliveryAddress({ address1: 'Herzl 1', city: 'Haifa', postalCode: '3303001' })).toEqual(
      [],
    );
    expect(validateDeliveryAddress(undefined)).toEqual([
      { code: 'field_required', field: 'deliveryAddress.address1' },
      { code: 'field_required', field: 'deliveryAddress.city' },
      { code: 'field_required', field: 'deliveryAddress.postalCode' },
    ]);
    expect(validateDeliveryAddress({ address1: 'H', city: 'Haifa!', postalCode: '330300123' })).toEqual([
      { code: 'field_min_length', field: 'deliveryAddress.address1', params: { min: 2 } },
      { code: 'field_letters_only', field: 'deliveryAddress.city' },
      { code: 'field_max_length', field: 'deliveryAddress.postalCode', params: { max: 7 } },
    ]);
  });
});

// --- Properties ----------------------------------------------------------------------------------

const alphabets = [
  'abcdefghijklmnopqrstuvwxyz',
  'אבגדהוזחטיכלמנסעפצקרשת',
  'абвгдежзиклмнопрст',
  'ابتثجحخدذرزسشصضطظعغفقكلمنهوي',
];
/** A name in one script: words joined by a space, a hyphen or an apostrophe, `min` to `max` letters long. */
const nameOf = (min: number, max: number) =>
  fc
    .constantFrom(...alphabets)
    .chain((letters) =>
      fc.tuple(
        fc.array(fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 9 }), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.constantFrom(' ', '-', "'"),
      ),
    )
    .map(([words, sep]) => words.join(sep))
    .filter((s) => [...s].length >= min && [...s].length <= max);
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
/** Eight digits and the one check digit that makes them a valid ID number. */
const validIds = digits(8, 8)
  .filter((p) => !/^0+$/.test(p))
  .map((p) => [...'0123456789'].map((d) => `${p}${d}`).find(isValidIsraeliId)!);

const validForm = fc.record({
  firstName: nameOf(2, 40),
  lastName: nameOf(2, 40),
  city: nameOf(2, 40),
  email: fc.emailAddress().filter((e) => e.length <= 100 && /\.[^.@]{2,}$/.test(e)),
  mobileNumber: digits(8, 8).map((d) => `05${d}`),
  address1: fc.string({ minLength: 2, maxLength: 80 }).filter((s) => s.trim().length >= 2),
  postalCode: digits(5, 7),
  ssn: validIds,
});

describe('the rules as properties', () => {
  it('accepts any valid form, in any script', () => {
    fc.assert(
      fc.property(validForm, (form) => {
        expect(validateCustomerInfo(everything, { ...full, ...form })).toEqual([]);
      }),
    );
  });

  it('refuses anything longer than a field allows with max_length and its bound', () => {
    const bounded = [
      ['firstName', 40],
      ['lastName', 40],
      ['city', 40],
      ['address1', 80],
      ['address2', 80],
      ['email', 100],
      ['postalCode', 7],
    ] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...bounded),
        fc.string({ minLength: 1, maxLength: 200 }),
        ([field, max], s) => {
          const value = s.trim() ? s.trim().padEnd(max + 1, 'x') : 'x'.repeat(max + 1);
          expect(problemOf(field, value)).toEqual({ code: 'field_max_length', field, params: { max } });
        },
      ),
    );
  });

  it('refuses a postal code with anything but digits with digits_only', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 7 }).filter((s) => s.trim() !== '' && !/^\d+$/.test(s.trim())),
        (code) => {
          expect(problemOf('postalCode', code)).toEqual({ code: 'field_digits_only', field: 'postalCode' });
        },
      ),
    );
  });

  it('refuses a name holding a digit with letters_only', () => {
    fc.assert(
      fc.property(nameOf(2, 30), fc.integer({ min: 0, max: 9 }), (name, d) => {
        expect(problemOf('firstName', `${name}${d}`)).toEqual({
          code: 'field_letters_only',
          field: 'firstName',
        });
      }),
    );
  });
});
