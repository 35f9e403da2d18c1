import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../ui/errorText.ts';
import { TOUCH_PX } from './touch.ts';
import { useAction } from './useAction.ts';

export interface Confirmation {
  title: string;
  text: string;
  /** The confirm button's label: the action itself ("Deactivate"), not "OK". */
  action: string;
  color?: 'red' | 'violet';
  run(): Promise<void>;
}

/**
 * Asks before a change that cannot be taken back at once (deactivate, reset a password, revoke). The
 * box office's refusal (staff_last_admin, staff_self_change, …) is shown in the dialog, beside the
 * button that caused it; success closes it.
 */
export function ConfirmDialog({ ask, onClose }: { ask: Confirmation | null; onClose(): void }) {
  const { t } = useTranslation();
  const { busy, error, run, setError } = useAction();
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Modal opened={ask !== null} onClose={close} title={ask?.title} centered>
      <Stack gap="md" data-testid="confirm-dialog">
        <Text>{ask?.text}</Text>
        {error ? (
          <Alert color="red" data-testid="confirm-error">
            {errorText(t, error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={TOUCH_PX} onClick={close}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button
            color={ask?.color ?? 'violet'}
            mih={TOUCH_PX}
            loading={busy}
            data-testid="confirm-ok"
            onClick={() => {
              if (!ask) return;
              void run(async () => {
                await ask.run();
                close();
              });
            }}
          >
            {ask?.action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
