import { PinInput, type PinInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A finger's target (WCAG 2.5.5): six boxes and their gaps still fit a 390 px phone's card. */
const BOX = 44;

/**
 * A code typed one digit a box (an SMS login code, a BLIK code): Mantine's PinInput with each box named
 * in the page's language ("digit 2 of 6"), where Mantine names all of them "PinInput" in English, and
 * 44 px boxes where Mantine's are 36 (issue 35). `aria-label` names the whole group. Digits only, left
 * to right in every language.
 */
export function CodeInput({ length = 6, style, ...props }: PinInputProps) {
  const { t } = useTranslation();
  return (
    <PinInput
      length={length}
      type="number"
      size="md"
      gap={8}
      {...props}
      style={{ '--pin-input-size': `${BOX}px`, ...(typeof style === 'object' ? style : {}) }}
      getInputProps={(index) => ({
        'aria-label': t('common.codeDigit', { n: index + 1, total: length }),
        styles: { input: { height: BOX, minHeight: BOX } },
      })}
    />
  );
}
