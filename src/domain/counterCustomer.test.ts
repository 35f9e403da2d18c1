import { describe, expect, it } from 'vitest';
import { counterCustomerInfo, counterCustomerProblems } from './counterCustomer.ts';

describe('the customer of a counter sale', () => {
  it('may be nobody at all', () => {
    expect(counterCustomerProblems(undefined)).toEqual([]);
    expect(counterCustomerProblems({ name: '  ', phone: '' })).toEqual([]);
    expect(counterCustomerInfo(undefined)).toEqual({});
  });

  it('keeps a name as first and last name, and a phone as the mobile number', () => {
    expect(counterCustomerProblems({ name: 'דנה לוי כהן', phone: '050-123-4567' })).toEqual([]);
    expect(counterCustomerInfo({ name: ' Dana  Levi Cohen ', phone: ' 050-1234567 ' })).toEqual({
      firstName: 'Dana',
      lastName: 'Levi Cohen',
      mobileNumber: '050-1234567',
    });
    expect(counterCustomerInfo({ name: 'Dana' })).toEqual({ firstName: 'Dana' });
  });

  it('refuses what is given and wrong: a phone that is no mobile number, a name of digits', () => {
    expect(counterCustomerProblems({ name: 'R2D2', phone: '03-1234567' })).toEqual([
      { field: 'customer.name', code: 'field_letters_only' },
      { field: 'customer.phone', code: 'field_invalid' },
    ]);
    expect(counterCustomerProblems({ name: 'D' })).toEqual([
      { field: 'customer.name', code: 'field_min_length', params: { min: 2 } },
    ]);
  });
});
