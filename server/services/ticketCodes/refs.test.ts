import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { promptText } from './codeTickets.ts';
import { checkRefs, type RefTicket } from './refs.ts';

const ticket = (over: Partial<RefTicket>): RefTicket => ({
  id: 7,
  ref1prompt: null,
  ref2prompt: null,
  ref1_options_json: null,
  ref1_pattern: null,
  ref2_pattern: null,
  ...over,
});

function problem(run: () => unknown) {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, params: err.params };
    throw err;
  }
  return null;
}

describe('reference prompts', () => {
  it('keeps no references for a ticket without prompts', () => {
    expect(checkRefs(ticket({}), { ref1: 'x', ref2: 'y' })).toEqual({ ref1: null, ref2: null });
  });

  it('asks for an answer to each prompt, matching its pattern', () => {
    const t = ticket({ ref1prompt: '{"en":"ID"}', ref1_pattern: '^\\d{9}$', ref2prompt: 'Plate' });
    expect(problem(() => checkRefs(t, { ref1: '123456789' }))).toEqual({
      code: 'refPromptOptError',
      params: { ticketId: 7, ref: 'ref2' },
    });
    expect(problem(() => checkRefs(t, { ref1: '12345678', ref2: 'AB' }))).toEqual({
      code: 'refPromptOptError',
      params: { ticketId: 7, ref: 'ref1' },
    });
    expect(checkRefs(t, { ref1: ' 123456789 ', ref2: 'AB-12' })).toEqual({
      ref1: '123456789',
      ref2: 'AB-12',
    });
  });

  it('takes one of the options, as the box office lists it', () => {
    const t = ticket({ ref1prompt: 'District', ref1_options_json: '["North","South"]' });
    expect(checkRefs(t, { ref1: 'south' })).toEqual({ ref1: 'South', ref2: null });
    expect(problem(() => checkRefs(t, { ref1: 'East' }))?.code).toBe('refPromptOptNotFound');
    expect(problem(() => checkRefs(t, {}))?.code).toBe('refPromptOptError');
  });

  it('treats a pattern that is no expression as asking only for some text', () => {
    const t = ticket({ ref1prompt: 'Code', ref1_pattern: '([' });
    expect(checkRefs(t, { ref1: 'anything' }).ref1).toBe('anything');
  });

  it('reads a prompt as localized JSON, or a plain sentence in every language', () => {
    expect(promptText('{"he":"מחוז","en":"District"}')).toEqual({ he: 'מחוז', en: 'District' });
    expect(promptText('{not json')).toMatchObject({ he: '{not json', en: '{not json', pl: '{not json' });
    expect(promptText('  ')).toBeNull();
  });
});
