import { Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeTicket } from '../../api/contract/vouchers.ts';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import type { HeldSeat } from './model.ts';
import type { RefKey, SeatCodeProblem } from './ticketCodes.ts';

/**
 * The reference prompts of a seat's code ticket (spec section 5, ref1/ref2): a partner card's holder ID
 * number, a teacher's district… A select where the ticket lists the answers, a text field otherwise,
 * checked against the ticket's pattern; the step goes on once every seat's answers will do.
 */
export function RefPrompts({
  seat,
  codeTicket,
  problems,
  onRef,
}: {
  seat: HeldSeat;
  codeTicket: CodeTicket;
  /** This seat's problems (only the reference ones are shown here). */
  problems: readonly SeatCodeProblem[];
  onRef: (key: string, ref: RefKey, value: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  // A field's message shows once the customer has left it (an empty field is not wrong while typing).
  const [left, setLeft] = useState<Partial<Record<RefKey, boolean>>>({});
  const seatName = `${seat.row}/${seat.seat}`;
  return (
    <Stack gap={6} mt={8} data-testid="ref-prompts">
      {(['ref1', 'ref2'] as const).map((ref) => {
        const prompt = codeTicket[ref];
        if (!prompt) return null;
        const label = pickText(prompt.label, locale);
        const problem = problems.find((p) => p.ref === ref)?.problem;
        const message =
          left[ref] && problem
            ? problem === 'required'
              ? t('ticketCodes.refRequired', { label })
              : problem === 'notAnOption'
                ? t('errors.refPromptOptNotFound')
                : t('ticketCodes.refInvalid', { label })
            : undefined;
        const common = {
          label,
          required: true,
          size: 'xs' as const,
          'aria-label': t('ticketCodes.refFor', { label, seat: seatName }),
          error: message,
          'data-testid': `ref-${ref}`,
        };
        return prompt.options?.length ? (
          <Select
            key={ref}
            {...common}
            data={prompt.options}
            value={seat[ref] ?? null}
            placeholder={t('ticketCodes.choose')}
            onChange={(v) => {
              onRef(seat.key, ref, v ?? '');
              setLeft((x) => ({ ...x, [ref]: true }));
            }}
            onBlur={() => setLeft((x) => ({ ...x, [ref]: true }))}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <TextInput
            key={ref}
            {...common}
            value={seat[ref] ?? ''}
            dir="ltr"
            onChange={(e) => onRef(seat.key, ref, e.currentTarget.value)}
            onBlur={() => setLeft((x) => ({ ...x, [ref]: true }))}
          />
        );
      })}
    </Stack>
  );
}
