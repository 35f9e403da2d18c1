import type { CustomerDetailsBody } from '../api/contract/customer.ts';
import type { CustomerInfo, DeliveryAddress } from '../api/contract/order.ts';
import type { CustomerField, OrderCustomerInfoBlock } from '../api/contract/session.ts';
import { checkRules, type FieldProblem, type FieldRule } from './fieldRules.ts';
import { normalizeIsraeliMobile } from './validation.ts';

/** A problem of the customer form: a field and its message (see `FieldProblem`). */
export type CustomerProblem = FieldProblem;

const max = (n: number): FieldRule => ({ rule: 'max_length', max: n });
const min = (n: number): FieldRule => ({ rule: 'min_length', min: n });
const letters: FieldRule = { rule: 'letters_only' };
const digits: FieldRule = { rule: 'digits_only' };

/**
 * Which generic rules apply to which customer field (the spec names the rules, not this table). Each list
 * is checked in order and the first broken rule is the field's message: the maximum length first, then
 * the kind of characters, then the minimum length, then a field's own check (Israeli mobile, ID check digit).
 * Whether a field must be filled at all comes from the venue's customer-info block, not from here.
 */
export const customerFieldRules: Readonly<Record<CustomerField, readonly FieldRule[]>> = {
  firstName: [max(40), letters, min(2)],
  lastName: [max(40), letters, min(2)],
  email: [max(100), { rule: 'email' }],
  mobileNumber: [{ rule: 'israeli_mobile' }],
  address1: [max(80), min(2)],
  address2: [max(80)],
  city: [max(40), letters, min(2)],
  postalCode: [max(7), digits, min(5)],
  dateOfBirth: [{ rule: 'date' }],
  // The ID number: digits first, then the check digit (which answers the spec's own invalid_ssn).
  ssn: [max(9), digits, min(5), { rule: 'israeli_id' }],
  // The branch is an id from GET /customer/locations; the box office checks it is one of the venue's.
  location: [],
};

/** The delivery address asked when the cart holds a product sent by post: every part required. */
export const deliveryFields = ['address1', 'city', 'postalCode'] as const;
export type DeliveryField = (typeof deliveryFields)[number];

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

/** One field: required and empty, or the first rule its value breaks; null when it is fine. */
function checkField(
  field: string,
  value: string,
  required: boolean,
  rules: readonly FieldRule[],
): FieldProblem | null {
  if (!value) return required ? { code: 'field_required', field } : null;
  const broken = checkRules(value, rules);
  return broken ? { field, ...broken } : null;
}

/**
 * Checks the customer form against its customer-info block (spec sections 3 and 5): every asked field
 * by the rule table (required, letters only, e-mail, minimum and maximum length, digits only, Israeli
 * mobile, ID check digit), the confirmation fields when verification is on, and the terms. One problem
 * per field, in the form's order. The shop shows them as the customer types; the box office refuses a
 * commit or a details change with them (`formValidation`).
 */
export function validateCustomerInfo(block: OrderCustomerInfoBlock, info: CustomerInfo): CustomerProblem[] {
  const problems: CustomerProblem[] = [];
  for (const { field, required } of askedFields(block)) {
    const p = checkField(field, textOf(info, field), required, customerFieldRules[field]);
    if (p) problems.push(p);
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

/**
 * Checks a delivery address with the same rules as the customer's own address fields; every part is
 * required. Problems are named `deliveryAddress.<part>`.
 */
export function validateDeliveryAddress(address: Partial<DeliveryAddress> | undefined): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const part of deliveryFields) {
    const p = checkField(
      `deliveryAddress.${part}`,
      (address?.[part] ?? '').trim(),
      true,
      customerFieldRules[part],
    );
    if (p) problems.push(p);
  }
  return problems;
}

/**
 * The personal area's details form as a customer-info block: names and e-mail required, the rest
 * optional, the mobile number left out (it is the login), no terms or confirmations. The order block's
 * other settings are kept. Both the shop and PUT /customer-area/details check the details with it.
 */
export function customerDetailsBlock(order: OrderCustomerInfoBlock): OrderCustomerInfoBlock {
  const asked = (required = false) => ({ isIncluded: true, isRequired: required });
  return {
    ...order,
    isSSNRequired: false,
    isVerifyEmail: false,
    isVerifyMobileNumber: false,
    isTermsRequired: false,
    fields: {
      ...order.fields,
      firstName: asked(true),
      lastName: asked(true),
      email: asked(true),
      mobileNumber: { isIncluded: false, isRequired: false },
      address1: asked(),
      address2: asked(),
      city: asked(),
      postalCode: asked(),
      dateOfBirth: asked(),
      ssn: asked(),
      location: asked(),
    },
  };
}

/** The personal details as the customer form's value, for `validateCustomerInfo`. */
export function detailsAsCustomerInfo(body: CustomerDetailsBody): CustomerInfo {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    ssn: body.ssn,
    address1: body.address1,
    address2: body.address2,
    city: body.city,
    postalCode: body.postalCode,
    ...(body.dateOfBirth ? { dateOfBirth: body.dateOfBirth } : {}),
    ...(body.locationId ? { locationId: body.locationId } : {}),
  };
}
