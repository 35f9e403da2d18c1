import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIdle } from '../../ui/idle.ts';
import { showToast } from '../../ui/toast/toasts.ts';

/**
 * "Are you still there?" after five idle minutes in the order flow (spec section 9). Asking is all it
 * does: the seats stay held and follow the step's timer and its one extension, as without it.
 */
export function IdlePrompt({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const [idle, resume] = useIdle(active);
  return (
    <Modal
      opened={idle}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      title={t('order.idleTitle')}
      centered
      data-testid="idle-prompt"
    >
      <Stack>
        <Text>{t('order.idleText')}</Text>
        <Group justify="flex-end">
          <Button
            data-testid="still-here"
            onClick={() => {
              resume();
              showToast({ key: 'order.stillHeld', color: 'teal' });
            }}
          >
            {t('order.stillHere')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
