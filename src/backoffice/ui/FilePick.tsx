import { Button, FileButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../ui/FileDropZone.tsx';
import { TOUCH_PX } from './touch.ts';

/**
 * A file to bring in: dropped on the card or chosen with its button, the chosen file's name shown (a
 * seat plan, a schedule). `testId` names the card, `buttonTestId` its button.
 */
export function FilePick({
  fileName,
  hint,
  accept,
  busy,
  testId,
  buttonTestId,
  onFile,
}: {
  fileName: string | null;
  hint: string;
  accept: string;
  busy?: boolean;
  testId: string;
  buttonTestId: string;
  onFile(file: File | null): void;
}) {
  const { t } = useTranslation();
  return (
    <FileDropZone padding="md" testId={testId} onFile={onFile}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} miw={0} flex="1 1 12rem">
          {fileName ? t('backoffice.plans.fileChosen', { name: fileName }) : hint}
        </Text>
        <FileButton onChange={onFile} accept={accept}>
          {(p) => (
            <Button {...p} mih={TOUCH_PX} loading={busy ?? false} data-testid={buttonTestId}>
              {fileName ? t('backoffice.plans.chooseOther') : t('backoffice.plans.chooseFile')}
            </Button>
          )}
        </FileButton>
      </Group>
    </FileDropZone>
  );
}
