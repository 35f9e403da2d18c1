import { ActionIcon, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The smallest thing a finger hits reliably (WCAG 2.5.5, Apple's and Google's guides): 44 CSS pixels. */
const TOUCH = 44;

/**
 * What a quantity field's value (a number, or a string while the customer types: '' for an empty field)
 * stands for: a whole number from `min` to `max`. An empty or unreadable field is `min`.
 */
export function clampQuantity(value: number | string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return min;
  return Math.max(min, Math.min(max, Math.trunc(value)));
}

/**
 * The props that make a Mantine NumberInput a quantity stepper for a finger: a "less" button at the
 * field's start and a "more" one at its end, each 44 px and named in the page's language after the field
 * (`name`, the field's own accessible name). Mantine's own chevrons are about 16 px tall on a phone and
 * hidden from screen readers (issue 35). Spread first; the caller adds its label, width and test id.
 */
export function stepperProps({
  value,
  min,
  max,
  onChange,
  name,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (quantity: number) => void;
  name: string;
}) {
  const step = (by: 1 | -1) => onChange(clampQuantity(value + by, min, max));
  return {
    value,
    min,
    max,
    allowDecimal: false,
    allowNegative: min < 0,
    hideControls: true,
    onChange: (v: number | string) => onChange(clampQuantity(v, min, max)),
    leftSection: <StepButton by={-1} name={name} disabled={value <= min} onStep={step} />,
    rightSection: <StepButton by={1} name={name} disabled={value >= max} onStep={step} />,
    leftSectionWidth: TOUCH,
    rightSectionWidth: TOUCH,
    leftSectionPointerEvents: 'all',
    rightSectionPointerEvents: 'all',
    // The sections sit 1 px inside the border: a 46 px field holds 44 px buttons.
    styles: { input: { height: TOUCH + 2, minHeight: TOUCH + 2, textAlign: 'center' } },
  } satisfies Partial<NumberInputProps>;
}

function StepButton({
  by,
  name,
  disabled,
  onStep,
}: {
  by: 1 | -1;
  name: string;
  disabled: boolean;
  onStep: (by: 1 | -1) => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      size={TOUCH}
      disabled={disabled}
      // Mantine greys a disabled icon's background: a grey block in the field. The sign alone fades.
      style={disabled ? { backgroundColor: 'transparent', border: 0 } : undefined}
      onClick={() => onStep(by)}
      aria-label={t(by > 0 ? 'common.stepUp' : 'common.stepDown', { name })}
      data-step={by > 0 ? 'up' : 'down'}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d={by > 0 ? 'M5 12h14M12 5v14' : 'M5 12h14'} />
      </svg>
    </ActionIcon>
  );
}
