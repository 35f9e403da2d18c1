import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  /** The one extension is used: only starting over is left. */
  extended: boolean;
  onStartOver: () => void;
  onExtend: () => void;
}

/** A step's time ran out: extend it once, or release the seats and start over. It cannot be dismissed. */
export function TimeUpDialog({ opened, extended, onStartOver, onExtend }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('order.timeUpTitle')}
      centered
    >
      <Stack>
        <Text>{extended ? t('order.timeUpFinal') : t('order.timeUp')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onStartOver}>
            {t('order.startOver')}
          </Button>
          {!extended ? (
            <Button onClick={onExtend} data-testid="extend-time">
              {t('order.extendTime')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
