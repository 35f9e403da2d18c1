import { ActionIcon, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MagCard } from '../../api/contract/customer.ts';
import { errorText } from '../../ui/errorText.ts';

/** "Brand •••• 1234, expires 12/29" */
export function CardLabel({ card }: { card: Pick<MagCard, 'brand' | 'last4' | 'expiry'> }) {
  const { t } = useTranslation();
  return (
    <Text span dir="auto">
      {t('checkout.savedCardLabel', {
        brand: t(`checkout.brands.${card.brand}`, { defaultValue: card.brand }),
        last4: card.last4,
        expiry: card.expiry,
      })}
    </Text>
  );
}

/**
 * The saved-card picker (spec section 2): the customer's cards kept as provider tokens, one to pay
 * with; a card can be deleted here.
 */
export function SavedCardDialog({
  opened,
  cards,
  selected,
  onSelect,
  onDelete,
  onClose,
}: {
  opened: boolean;
  cards: readonly MagCard[];
  selected: string | null;
  onSelect: (id: string) => void;
  onDelete: (id: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<string | null>(selected);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const remove = async (id: string) => {
    setBusy(id);
    setError(null);
    try {
      await onDelete(id);
      if (choice === id) setChoice(null);
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('checkout.savedCardsTitle')}
      centered
      data-testid="saved-card-dialog"
    >
      <Stack>
        {cards.length === 0 ? <Text c="dimmed">{t('checkout.noSavedCards')}</Text> : null}
        <Radio.Group value={choice} onChange={setChoice}>
          <Stack gap="xs">
            {cards.map((c) => (
              <Group key={c.id} justify="space-between" wrap="nowrap">
                <Radio value={c.id} label={<CardLabel card={c} />} data-testid="saved-card" />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  loading={busy === c.id}
                  onClick={() => void remove(c.id)}
                  aria-label={t('checkout.deleteCard', { last4: c.last4 })}
                  data-testid="delete-saved-card"
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </Radio.Group>
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('checkout.close')}
          </Button>
          <Button
            disabled={!choice}
            onClick={() => {
              if (choice) onSelect(choice);
              onClose();
            }}
            data-testid="use-saved-card"
          >
            {t('checkout.useThisCard')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
