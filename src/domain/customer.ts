import type { CustomerInfo } from '../api/contract/order.ts';
import type { CustomerField, OrderCustomerInfoBlock } from '../api/contract/session.ts';
import { isLettersOnly, isValidEmail, isValidIsraeliId, normalizeIsraeliMobile } from './validation.ts';

export type CustomerProblem = {
  code:
    | 'field_required'
    | 'field_invalid'
    | 'invalid_ssn'
    | 'terms_not_approved'
    | 'mobile_mismatch'
    | 'email_mismatch';
  field: string;
};

const textOf = (info: CustomerInfo, field: CustomerField): string => {
  if (field === 'location') return info.locationId !== undefined ? String(info.locationId) : '';
  const v = info[field];
  return typeof v === 'string' ? v.trim() : '';
};

/** Which fields the block asks for, and whether the ID number is required. */
export function askedFields(block: OrderCustomerInfoBlock): { field: CustomerField; required: boolean }[] {
  return (Object.keys(block.fields) as CustomerField[])
    .filter((f) => block.fields[f].isIncluded || (f === 'ssn' && block.isSSNRequired))
    .map((f) => ({
      field: f,
      required: block.fields[f].isRequired || (f === 'ssn' && block.isSSNRequired),
    }));
}

/**
 * Checks the customer form of the order flow against its customer-info block (spec sections 3 and 5):
 * required fields, formats (names letters only, e-mail, Israeli mobile, Israeli ID check digit,
 * postal code digits), the confirmation fields when verification is on, and the terms.
 */
export function validateCustomerInfo(block: OrderCustomerInfoBlock, info: CustomerInfo): CustomerProblem[] {
  const problems: CustomerProblem[] = [];
  for (const { field, required } of askedFields(block)) {
    const value = textOf(info, field);
    if (!value) {
      if (required) problems.push({ code: 'field_required', field });
      continue;
    }
    const ok =
      field === 'firstName' || field === 'lastName' || field === 'city'
        ? isLettersOnly(value)
        : field === 'email'
          ? isValidEmail(value)
          : field === 'mobileNumber'
            ? normalizeIsraeliMobile(value) !== null
            : field === 'postalCode'
              ? /^\d{5,7}$/.test(value)
              : true;
    if (field === 'ssn' && !isValidIsraeliId(value)) problems.push({ code: 'invalid_ssn', field });
    else if (!ok) problems.push({ code: 'field_invalid', field });
  }
  if (block.isVerifyEmail && block.fields.email.isIncluded) {
    if ((info.email ?? '').trim().toLowerCase() !== (info.emailConfirmation ?? '').trim().toLowerCase())
      problems.push({ code: 'email_mismatch', field: 'emailConfirmation' });
  }
  if (block.isVerifyMobileNumber && block.fields.mobileNumber.isIncluded) {
    const a = normalizeIsraeliMobile(info.mobileNumber ?? '');
    const b = normalizeIsraeliMobile(info.mobileNumberConfirmation ?? '');
    if (a !== b) problems.push({ code: 'mobile_mismatch', field: 'mobileNumberConfirmation' });
  }
  if (block.isTermsRequired && info.termsAccepted !== true)
    problems.push({ code: 'terms_not_approved', field: 'termsAccepted' });
  return problems;
}
