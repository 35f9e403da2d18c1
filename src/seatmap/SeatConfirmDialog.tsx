import { Button, Group, List, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Confirm } from '../../workers/seatplan/rules.ts';

interface Props {
  confirm: Confirm[] | null;
  onAccept: () => void;
  onCancel: () => void;
}

/** Wheelchair spaces and limited-view seats need the customer's confirmation (spec section 5). */
export function SeatConfirmDialog({ confirm, onAccept, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={confirm !== null} onClose={onCancel} title={t('seatmap.confirm.title')} centered>
      <List mb="md">
        {(confirm ?? []).map((c) => (
          <List.Item key={c}>
            <Text>{t(`seatmap.confirm.${c}`)}</Text>
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('seatmap.confirm.cancel')}
        </Button>
        <Button onClick={onAccept} data-testid="confirm-seat">
          {t('seatmap.confirm.accept')}
        </Button>
      </Group>
    </Modal>
  );
}
