import type { CustomerInfo } from '../api/contract/order.ts';
import { customerFieldRules } from './customer.ts';
import { checkRules, type FieldProblem, type FieldRule } from './fieldRules.ts';

/**
 * The customer of a sale at the counter (issue 36): standing at the window, they owe the venue no
 * e-mail or form. A name or a phone number may be kept for the record (and to find the order later);
 * whatever is given must be valid, by the same rules as the shop's form. Pure: the counter screen shows
 * the problems as the clerk types, the box office refuses the sale with them.
 */
export interface CounterCustomer {
  name?: string | undefined;
  phone?: string | undefined;
}

/** A whole name in one field: the shop's name rules (letters of any script, 2 to 60 characters). */
const NAME_RULES: readonly FieldRule[] = [
  { rule: 'max_length', max: 60 },
  { rule: 'letters_only' },
  {
    rule: 'min_length',
    min: 2,
  },
];

/** Every problem of what was typed, named `customer.name` and `customer.phone`; empty fields are fine. */
export function counterCustomerProblems(customer: CounterCustomer | undefined): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const name = customer?.name?.trim() ?? '';
  const phone = customer?.phone?.trim() ?? '';
  const badName = name ? checkRules(name, NAME_RULES) : null;
  if (badName) problems.push({ field: 'customer.name', ...badName });
  const badPhone = phone ? checkRules(phone, customerFieldRules.mobileNumber) : null;
  if (badPhone) problems.push({ field: 'customer.phone', ...badPhone });
  return problems;
}

/**
 * The order's customer details: the first word of the name as the first name, the rest as the last
 * name (the order's record keeps both, as the shop's form does), the phone as the mobile number.
 */
export function counterCustomerInfo(customer: CounterCustomer | undefined): CustomerInfo {
  const [first, ...rest] = (customer?.name?.trim() ?? '').split(/\s+/).filter(Boolean);
  const phone = customer?.phone?.trim();
  return {
    ...(first ? { firstName: first } : {}),
    ...(rest.length ? { lastName: rest.join(' ') } : {}),
    ...(phone ? { mobileNumber: phone } : {}),
  };
}
