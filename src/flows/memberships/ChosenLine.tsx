import { Button, Card, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MembershipTerms } from '../../api/contract/memberships.ts';
import { pickText } from '../../i18n/format.ts';
import type { MembershipLine } from '../../state/purchase.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { type ChoiceProblem, useProblemText } from '../checkout/PurchaseCard.tsx';
import { formatMoney } from './money.ts';
import type { MembershipStore } from './store.ts';

/** A membership in the cart: its price, the references its price asks for, its terms, and removing it. */
export function ChosenLine({
  store,
  line,
  index,
  terms,
  problem,
  ownNext,
}: {
  store: MembershipStore;
  line: MembershipLine;
  index: number;
  terms: MembershipTerms | undefined;
  problem: ChoiceProblem | null;
  ownNext: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const problemText = useProblemText();
  const price = store.priceOf(line);
  const badReference = problem?.key === 'errors.validateReferences';
  return (
    <Card withBorder padding="md" data-testid="chosen-membership" data-index={index}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={600}>{pickText(line.name, locale)}</Text>
            <Text size="sm" c="dimmed">
              {[
                pickText(line.priceName, locale),
                line.memberNumber ? t('memberships.memberNumber', { number: line.memberNumber }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600}>{formatMoney(line.price, line.currencyCode, locale)}</Text>
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => store.remove(index)}>
              {t('memberships.remove')}
            </Button>
          </Group>
        </Group>
        {(price?.references ?? []).map((r) => (
          <TextInput
            key={r.id}
            label={pickText(r.label, locale)}
            required
            dir="ltr"
            inputMode="numeric"
            value={line.references[r.id] ?? ''}
            onChange={(e) => store.setReference(index, r.id, e.currentTarget.value)}
            onBlur={() => store.touch(index)}
            error={badReference ? t('errors.validateReferences') : null}
            data-testid={`reference-${r.id}`}
          />
        ))}
        {terms ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {pickText(terms.title, locale)}
            </Text>
            <ScrollArea.Autosize mah={96} type="auto">
              <Text size="sm" c="dimmed" data-testid="terms-text">
                {pickText(terms.body, locale)}
              </Text>
            </ScrollArea.Autosize>
            <Checkbox
              label={t('memberships.acceptTermsLabel')}
              checked={line.termsAccepted}
              onChange={(e) => store.setTerms(index, e.currentTarget.checked)}
              error={problem?.key === 'memberships.acceptTerms' ? problemText(problem) : null}
              data-testid="accept-terms"
            />
          </Stack>
        ) : null}
        {ownNext ? (
          <Group justify="flex-end">
            <Button onClick={store.next} mih={44} data-testid="next-step">
              {t('memberships.join')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
