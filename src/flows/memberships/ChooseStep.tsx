import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { pickText } from '../../i18n/format.ts';
import { purchase } from '../../state/purchase.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { PurchaseChoice } from '../checkout/PurchaseChoice.tsx';
import { ChosenLine } from './ChosenLine.tsx';
import { PriceCard } from './PriceCard.tsx';
import { RenewPanel } from './RenewPanel.tsx';
import { type MembershipStore, nextPerMembership } from './store.ts';

/** After a join that stays on the choice (references or terms to give): the chosen line in view. */
function showChosen(store: MembershipStore) {
  requestAnimationFrame(() => {
    if (store.state.step !== 'choose') return;
    const all = document.querySelectorAll('[data-testid="chosen-membership"]');
    all[all.length - 1]?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

/**
 * Step 1: the membership's prices (a price code shows a hidden one), what is chosen (at most 2 in
 * all, one currency) with the references and terms each asks for, and the way on: one button for the
 * list, or one per membership (settings; spec default: per membership). Every button that joins says
 * the same "Join" (issue 35).
 */
export function ChooseStep({ store }: { store: MembershipStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  useSnapshot(store.state);
  const x = useSnapshot(store.extra);
  useSnapshot(purchase);
  const [code, setCode] = useState('');
  const m = store.membership;
  const layout = store.settings.listModes.memberships;
  const ownNext = nextPerMembership(store.settings);
  const lines = store.lines();
  const termsOf = (i: number) => {
    const l = lines[i]!;
    const id = store.priceOf(l)?.termsId;
    return store.membershipOf(l.membershipId)?.terms.find((x) => x.termsId === id);
  };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={3}>{pickText(m.Name, locale)}</Title>
        {m.subtitle ? <Text>{pickText(m.subtitle, locale)}</Text> : null}
        {m.description ? (
          <Text size="sm" c="dimmed">
            {pickText(m.description, locale)}
          </Text>
        ) : null}
      </Stack>
      <PurchaseChoice
        ns="memberships"
        layout={layout}
        testId="membership-prices"
        chosenTotal={lines.length ? store.total() : null}
        onNext={ownNext ? null : store.next}
      >
        {store.prices().map((p) => (
          <PriceCard
            key={p.MembershipPriceId}
            membership={m}
            price={p}
            layout={layout}
            chosen={ownNext && lines.some((l) => l.priceId === p.MembershipPriceId)}
            onJoin={() => {
              if (ownNext) store.join(m, p);
              else store.add(m, p);
              showChosen(store);
            }}
          />
        ))}
      </PurchaseChoice>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void store.enterCode(code).then(() => store.extra.codeError === null && setCode(''));
        }}
      >
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t('memberships.priceCode')}
            placeholder={t('memberships.priceCodePlaceholder')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={x.codeError ? t(x.codeError) : null}
            dir="ltr"
            data-testid="price-code"
          />
          <Button type="submit" variant="light" loading={x.codeBusy} data-testid="apply-code">
            {t('memberships.applyCode')}
          </Button>
        </Group>
      </form>
      <RenewPanel store={store} />
      {lines.length ? (
        <Stack gap="sm" data-testid="chosen-memberships">
          <Title order={3} fz="h5">
            {t('memberships.chosen', { n: lines.length })}
          </Title>
          {lines.map((l, i) => (
            <ChosenLine
              key={`${l.priceId}-${i}`}
              store={store}
              line={l}
              index={i}
              terms={termsOf(i)}
              problem={store.problemOf(i)}
              ownNext={ownNext}
            />
          ))}
        </Stack>
      ) : (
        <Alert color="gray" variant="light">
          {t('memberships.nothingChosen')}
        </Alert>
      )}
    </Stack>
  );
}
