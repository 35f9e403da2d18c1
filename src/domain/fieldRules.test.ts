import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRules,
  type FieldProblem,
  fieldMessageCodes,
  fieldProblemParams,
  fieldProblemsOf,
} from './fieldRules.ts';

describe('checkRules (the generic field rules)', () => {
  const name = [
    { rule: 'max_length', max: 5 },
    { rule: 'letters_only' },
    { rule: 'min_length', min: 2 },
  ] as const;

  it('answers the first rule broken, in the order given, with the bound it names', () => {
    expect(checkRules('Dana', name)).toBeNull();
    expect(checkRules('D', name)).toEqual({ code: 'field_min_length', params: { min: 2 } });
    expect(checkRules('D4', name)).toEqual({ code: 'field_letters_only' });
    expect(checkRules('Dana 44', name)).toEqual({ code: 'field_max_length', params: { max: 5 } });
    expect(checkRules('12a', [{ rule: 'digits_only' }])).toEqual({ code: 'field_digits_only' });
    expect(checkRules('x@y', [{ rule: 'email' }])).toEqual({ code: 'field_email' });
    expect(checkRules('03-1234567', [{ rule: 'israeli_mobile' }])).toEqual({ code: 'field_invalid' });
    expect(checkRules('123456789', [{ rule: 'israeli_id' }])).toEqual({ code: 'invalid_ssn' });
    expect(checkRules('2023-02-29', [{ rule: 'date' }])).toEqual({ code: 'field_invalid' });
    expect(checkRules('2024-02-29', [{ rule: 'date' }])).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkRules('😀😀😀😀😀', [{ rule: 'max_length', max: 5 }])).toBeNull();
  });
});

describe('a refused form in the params of formValidation', () => {
  const problem: fc.Arbitrary<FieldProblem> = fc.record(
    {
      field: fc.constantFrom('firstName', 'email', 'postalCode', 'deliveryAddress.city', 'location'),
      code: fc.constantFrom(...fieldMessageCodes),
      params: fc.record({ min: fc.nat(100), max: fc.nat(100) }, { requiredKeys: [] }),
    },
    { requiredKeys: ['field', 'code'] },
  );

  it('names the first field as `field` and every field with its code and bounds', () => {
    expect(
      fieldProblemParams([
        { field: 'firstName', code: 'field_min_length', params: { min: 2 } },
        { field: 'deliveryAddress.postalCode', code: 'field_digits_only' },
        { field: 'firstName', code: 'field_letters_only' },
      ]),
    ).toEqual({
      field: 'firstName',
      firstName: 'field_min_length',
      'firstName:min': 2,
      'deliveryAddress.postalCode': 'field_digits_only',
    });
  });

  it('reads back what it wrote: the first problem of every field', () => {
    fc.assert(
      fc.property(fc.array(problem, { maxLength: 8 }), (problems) => {
        const firsts = problems.filter((p, i) => problems.findIndex((q) => q.field === p.field) === i);
        const norm = (ps: FieldProblem[]) =>
          ps
            .map((p) => ({ ...p, params: p.params && Object.keys(p.params).length ? p.params : undefined }))
            .sort((a, b) => a.field.localeCompare(b.field));
        expect(norm(fieldProblemsOf(fieldProblemParams(problems)))).toEqual(norm(firsts));
      }),
    );
  });

  it('ignores params that are not field problems', () => {
    expect(fieldProblemsOf({ field: 'email', reason: 'declined', email: 'not_a_code' })).toEqual([]);
    expect(fieldProblemsOf(undefined)).toEqual([]);
  });
});
