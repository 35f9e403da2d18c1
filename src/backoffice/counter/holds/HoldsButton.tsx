import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CollectAnswer, CollectableHold } from '../../../api/contract/counterShifts.ts';
import { formatPrice } from '../../../i18n/format.ts';
import { errorText } from '../../../ui/errorText.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { usePhone } from '../../../ui/usePhone.ts';
import { TOUCH_PX } from '../../ui/touch.ts';
import { useAction } from '../../ui/useAction.ts';
import { shiftApi } from '../shift/api.ts';
import { shiftChanged } from '../shift/shiftState.ts';
import { HoldLines } from './HoldLines.tsx';
import { HoldSearch } from './HoldSearch.tsx';
import { TakePayment } from './TakePayment.tsx';

/**
 * Collecting a hold order at the counter (issue 36): find it, see its lines and total, take the money
 * (cash, a card on the terminal, gift cards, or a mix) and it is paid; the reservation number and the
 * change are shown big. The money counts in the clerk's shift (the shift bar reads it again).
 */
export function HoldsButton() {
  const { t } = useTranslation();
  const locale = useLocale();
  const phone = usePhone();
  const [opened, setOpened] = useState(false);
  const [hold, setHold] = useState<CollectableHold | null>(null);
  const [done, setDone] = useState<CollectAnswer | null>(null);
  const { busy, error, run, setError } = useAction();
  const close = () => {
    setOpened(false);
    setHold(null);
    setDone(null);
    setError(null);
  };
  const again = () => {
    setHold(null);
    setDone(null);
    setError(null);
  };

  return (
    <>
      <Button variant="light" mih={TOUCH_PX} onClick={() => setOpened(true)} data-testid="holds-button">
        {t('backoffice.holds.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('backoffice.holds.title')}
        size="xl"
        fullScreen={phone}
        centered
      >
        {done ? (
          <Stack gap="md" align="center" data-testid="holds-done">
            <Text fz="xl" fw={700}>
              {t('backoffice.holds.paid')}
            </Text>
            <Text fz={32} fw={900} dir="ltr" data-testid="holds-done-rid">
              {done.reservationIdentifier}
            </Text>
            <Text fz="xl" data-testid="holds-done-change">
              {t('backoffice.holds.changeGiven', { amount: formatPrice(done.change, locale) })}
            </Text>
            <Group gap="sm">
              <Button variant="default" mih={TOUCH_PX} onClick={again} data-testid="holds-another">
                {t('backoffice.holds.another')}
              </Button>
              <Button mih={TOUCH_PX} onClick={close} data-testid="holds-close">
                {t('backoffice.shift.done')}
              </Button>
            </Group>
          </Stack>
        ) : hold ? (
          <Stack gap="md" data-testid="holds-collect-form">
            <Group>
              <Button variant="subtle" mih={TOUCH_PX} onClick={again} data-testid="holds-back">
                {t('backoffice.holds.back')}
              </Button>
            </Group>
            <HoldLines hold={hold} />
            <TakePayment
              key={hold.reservationIdentifier}
              due={hold.total}
              busy={busy}
              action={t('backoffice.holds.collect', { amount: formatPrice(hold.total, locale) })}
              onTake={(payments) =>
                void run(async () => {
                  setDone(await shiftApi.collectHold(hold.reservationIdentifier, payments));
                  shiftChanged();
                })
              }
            />
            {error ? (
              <Alert color="red" role="alert" data-testid="holds-error">
                {errorText(t, error)}
              </Alert>
            ) : null}
          </Stack>
        ) : (
          <HoldSearch onPick={setHold} />
        )}
      </Modal>
    </>
  );
}
