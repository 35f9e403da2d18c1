import { AppError } from '../../errors.ts';
import { promptOptions } from './codeTickets.ts';

/** The columns of a ticket that ask for references (spec section 5: ref1prompt / ref2prompt). */
export interface RefTicket {
  id: number;
  ref1prompt: string | null;
  ref2prompt: string | null;
  ref1_options_json: string | null;
  ref1_pattern: string | null;
  ref2_pattern: string | null;
}

/** A pattern the box office keeps; one that is not a valid expression asks only for some text. */
function matches(pattern: string | null, value: string): boolean {
  if (!pattern) return true;
  let re: RegExp;
  try {
    re = new RegExp(pattern);
  } catch {
    return true;
  }
  return re.test(value);
}

function answer(
  ticketId: number,
  ref: 'ref1' | 'ref2',
  prompt: string | null,
  options: string[] | null,
  pattern: string | null,
  given: string | undefined,
): string | null {
  if (!prompt?.trim()) return null;
  const value = given?.trim() ?? '';
  const params = { ticketId, ref };
  if (value === '') throw new AppError('refPromptOptError', `ticket ${ticketId} asks for ${ref}`, params);
  if (options) {
    // The options as listed are what the box office keeps, whatever case the customer typed.
    const option = options.find((o) => o.toLowerCase() === value.toLowerCase());
    if (option === undefined)
      throw new AppError('refPromptOptNotFound', `${ref} is not one of ticket ${ticketId}'s options`, params);
    return option;
  }
  if (!matches(pattern, value))
    throw new AppError('refPromptOptError', `${ref} does not fit ticket ${ticketId}'s pattern`, params);
  return value;
}

/**
 * The references a seat's ticket asks for, checked: each prompt needs an answer, one of its options when
 * it lists them (refPromptOptNotFound), else one that matches its pattern (refPromptOptError; an empty
 * answer too). A ticket without prompts keeps no references, whatever the cart sent.
 */
export function checkRefs(
  t: RefTicket,
  given: { ref1?: string | undefined; ref2?: string | undefined },
): { ref1: string | null; ref2: string | null } {
  return {
    ref1: answer(t.id, 'ref1', t.ref1prompt, promptOptions(t.ref1_options_json), t.ref1_pattern, given.ref1),
    ref2: answer(t.id, 'ref2', t.ref2prompt, null, t.ref2_pattern, given.ref2),
  };
}
