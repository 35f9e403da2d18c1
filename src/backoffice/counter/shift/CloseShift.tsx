import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashUp as CashUpData } from '../../../api/contract/counterShifts.ts';
import { errorText } from '../../../ui/errorText.ts';
import { usePhone } from '../../../ui/usePhone.ts';
import { TOUCH_PX, touchInput } from '../../ui/touch.ts';
import { useAction } from '../../ui/useAction.ts';
import { shiftApi } from './api.ts';
import { CashUp } from './CashUp.tsx';
import { MoneyInput } from './MoneyInput.tsx';

/**
 * Closing the shift: the clerk types the cash counted in the drawer (and a note), and the box office
 * answers the cash-up, shown here with its CSV and a print. `onClosed` tells the bar the shift is over.
 */
export function CloseShift({
  opened,
  onCancel,
  onClosed,
}: {
  opened: boolean;
  onCancel(): void;
  onClosed(): void;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [counted, setCounted] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [result, setResult] = useState<CashUpData | null>(null);
  const { busy, error, run, setError } = useAction();
  const submit = () => {
    if (counted === null || busy) return;
    void run(async () => {
      setResult(await shiftApi.closeShift({ countedCash: counted, ...(note.trim() ? { note } : {}) }));
    });
  };
  const finish = () => {
    const closed = result !== null;
    setResult(null);
    setCounted(null);
    setNote('');
    setError(null);
    if (closed) onClosed();
    else onCancel();
  };
  return (
    <Modal
      opened={opened}
      onClose={finish}
      title={t('backoffice.shift.closeTitle')}
      size="lg"
      fullScreen={phone}
      centered
    >
      {result ? (
        <Stack gap="md" data-testid="shift-closed">
          <CashUp cashUp={result} />
          <Group justify="flex-end">
            <Button mih={TOUCH_PX} onClick={finish} data-testid="shift-closed-done">
              {t('backoffice.shift.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" data-testid="shift-close-form">
          <Text size="sm">{t('backoffice.shift.closeHint')}</Text>
          <MoneyInput
            label={t('backoffice.shift.countedCash')}
            value={counted}
            onChange={setCounted}
            testId="shift-counted"
            autoFocus
            onEnter={submit}
            w="100%"
          />
          <TextInput
            label={t('backoffice.shift.note')}
            value={note}
            maxLength={500}
            styles={touchInput}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-testid="shift-note"
          />
          {error ? (
            <Alert color="red" data-testid="shift-close-error">
              {errorText(t, error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" mih={TOUCH_PX} onClick={finish}>
              {t('backoffice.common.cancel')}
            </Button>
            <Button
              color="violet"
              mih={TOUCH_PX}
              loading={busy}
              disabled={counted === null}
              onClick={submit}
              data-testid="shift-close-confirm"
            >
              {t('backoffice.shift.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
