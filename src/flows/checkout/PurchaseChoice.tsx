import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../i18n/format.ts';
import type { PurchaseKind } from '../../state/purchase.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { ClearedNotice } from './ClearedNotice.tsx';

interface Props {
  /** The flow's texts: `${ns}.chosenTotal`, `${ns}.next`, `${ns}.cartCleared`. */
  ns: PurchaseKind;
  layout: 'grid' | 'list';
  testId: string;
  /** The items' cards. */
  children: ReactNode;
  /** The total of what is chosen; null while nothing is. */
  chosenTotal: number | null;
  /** The list's next button; null where each card has its own. */
  onNext: (() => void) | null;
}

/**
 * A purchase flow's choice step (vouchers, donations): the notice of an emptied cart, the cards laid
 * out as the venue's list mode says (grid or list), then the chosen total and the next button.
 */
export function PurchaseChoice({ ns, layout, testId, children, chosenTotal, onNext }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap="md" data-testid={testId} data-layout={layout}>
      <ClearedNotice ns={ns} />
      {layout === 'grid' ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {children}
        </SimpleGrid>
      ) : (
        <Stack gap="md">{children}</Stack>
      )}
      {onNext ? (
        <Group justify="space-between" wrap="wrap">
          <Text fw={600} data-testid="choice-total">
            {chosenTotal === null ? '' : t(`${ns}.chosenTotal`, { total: formatPrice(chosenTotal, locale) })}
          </Text>
          <Button onClick={onNext} data-testid="next-step">
            {t(`${ns}.next`)}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
