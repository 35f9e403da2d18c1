import { Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { OwnGiftCard } from '../../api/contract/vouchers.ts';
import { api } from '../../api/endpoints.ts';
import { formatDate, formatPrice, pickText } from '../../i18n/format.ts';
import { customerState } from '../../state/customer.ts';
import { useLocale } from '../../ui/useLocale.ts';

/**
 * The logged-in customer's own gift cards in the voucher dialog (issue 35), each a one-tap choice with
 * what it can pay: no code to retype. The box office names them masked and pays by their id, checked
 * against the session, so the shop never holds the codes. Nothing shows for a guest, or while loading;
 * if the list cannot be had the code field still works.
 */
export function OwnGiftCards({
  chosen,
  onChoose,
}: {
  /** The id of the card chosen in the dialog, if one is. */
  chosen: string | null;
  onChoose: (card: OwnGiftCard) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { customer } = useSnapshot(customerState);
  const [cards, setCards] = useState<OwnGiftCard[]>([]);
  const loggedIn = customer !== null;

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    api
      .myGiftCards()
      .then(({ giftCards }) => {
        if (live) setCards(giftCards);
      })
      .catch(() => {
        if (live) setCards([]);
      });
    return () => {
      live = false;
    };
  }, [loggedIn]);

  if (!loggedIn || cards.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="own-gift-cards">
      <Text fw={600} size="sm">
        {t('checkout.ownGiftCards')}
      </Text>
      {cards.map((c) => {
        const on = c.id === chosen;
        return (
          <UnstyledButton
            key={c.id}
            onClick={() => onChoose(c)}
            aria-pressed={on}
            data-testid="own-gift-card"
            p="sm"
            style={{
              border: `${on ? 2 : 1}px solid var(--mantine-color-${on ? 'blue-6' : 'gray-4'})`,
              borderRadius: 'var(--mantine-radius-md)',
              background: on ? 'var(--mantine-color-blue-light)' : undefined,
            }}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {pickText(c.name, locale)}{' '}
                  <bdi dir="ltr" style={{ fontFamily: 'monospace' }}>
                    {c.code}
                  </bdi>
                </Text>
                <Text size="xs" c="dimmed">
                  {t('vouchers.validUntil', { date: formatDate(c.endDate, locale) })}
                </Text>
              </Stack>
              <Text fw={700} data-testid="own-gift-card-balance" style={{ whiteSpace: 'nowrap' }}>
                {formatPrice(c.balance, locale)}
              </Text>
            </Group>
          </UnstyledButton>
        );
      })}
      <Text size="xs" c="dimmed" ta="center">
        {t('checkout.orTypeCode')}
      </Text>
    </Stack>
  );
}
