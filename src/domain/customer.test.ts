import { describe, expect, it } from 'vitest';
import type { OrderCustomerInfoBlock } from '../api/contract/session.ts';
import { loadConfig } from '../../server/config.ts';
import { defaultSettings } from '../../server/settings.ts';
import { askedFields, validateCustomerInfo } from './customer.ts';

const block = defaultSettings(loadConfig({})).customerInfo.order;
const good = {
  firstName: 'Dana',
  lastName: 'Levi',
  email: 'dana@example.com',
  mobileNumber: '050-1234567',
  termsAccepted: true,
};

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

  it('accepts a complete form and names every broken field', () => {
    expect(validateCustomerInfo(block, good)).toEqual([]);
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
      { code: 'field_invalid', field: 'email' },
      { code: 'field_invalid', field: 'mobileNumber' },
      { code: 'terms_not_approved', field: 'termsAccepted' },
    ]);
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
});
