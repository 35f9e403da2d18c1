import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOUCH_PX } from './touch.ts';

/**
 * A secret the box office answers once (a temporary password, an API token's secret): shown here with a
 * copy button, never again. The dialog does not close on a click beside it, so a stray tap cannot lose it.
 */
export function ShownOnce({
  shown,
  onClose,
}: {
  shown: { title: string; secret: string; note: string; extra?: ReactNode } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown?.title}
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="md" data-testid="shown-once">
        <Code
          block
          dir="ltr"
          fz="md"
          data-testid="shown-once-secret"
          style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
        >
          {shown?.secret}
        </Code>
        <Text size="sm">{shown?.note}</Text>
        {shown?.extra}
        <Group justify="flex-end" gap="sm">
          <CopyButton value={shown?.secret ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'teal' : 'violet'}
                mih={TOUCH_PX}
                onClick={copy}
                data-testid="shown-once-copy"
              >
                {copied ? t('backoffice.common.copied') : t('backoffice.common.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" mih={TOUCH_PX} onClick={onClose} data-testid="shown-once-close">
            {t('backoffice.common.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
