import { Alert, Button, Card, Drawer, Group, Skeleton, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CashUp as CashUpData } from '../../../api/contract/counterShifts.ts';
import { formatPrice, formatTime } from '../../../i18n/format.ts';
import { errorText } from '../../../ui/errorText.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { usePhone } from '../../../ui/usePhone.ts';
import { TOUCH_PX } from '../../ui/touch.ts';
import { useAction } from '../../ui/useAction.ts';
import { shiftApi } from './api.ts';
import { CloseShift } from './CloseShift.tsx';
import { MoneyInput } from './MoneyInput.tsx';
import { ShiftList } from './ShiftList.tsx';
import { shiftChanged, shiftState } from './shiftState.ts';

/**
 * The clerk's shift at the top of the counter (issue 36): open with the float in the drawer, the cash the
 * drawer should hold now, and close with the cash counted (the cash-up). A shift that the first payment
 * opened by itself has no float yet: the float is set on it. The shifts list opens beside it (a manager
 * sees every clerk's).
 */
export function ShiftBar() {
  const { t } = useTranslation();
  const locale = useLocale();
  const phone = usePhone();
  const { version } = useSnapshot(shiftState);
  // Read again whenever money moved here; the last figures stay on screen meanwhile (no flicker per sale).
  const [state, setState] = useState<{ shift: CashUpData | null } | { error: unknown } | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    shiftApi.myShift(ctrl.signal).then(
      (answer) => setState({ shift: answer.shift }),
      (err: unknown) => {
        if (!ctrl.signal.aborted) setState({ error: err });
      },
    );
    return () => ctrl.abort();
  }, [version]);
  const [float, setFloat] = useState<number | null>(null);
  const [closing, setClosing] = useState(false);
  const [listing, setListing] = useState(false);
  const { busy, error, run } = useAction();
  const money = (n: number) => formatPrice(n, locale);
  const shift = state && 'shift' in state ? state.shift : null;

  const open = () => {
    if (float === null || busy) return;
    void run(async () => {
      await shiftApi.openShift(float);
      setFloat(null);
      shiftChanged();
    });
  };
  const floatForm = (label: string, action: string) => (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <MoneyInput
        label={label}
        value={float}
        onChange={setFloat}
        testId="shift-float"
        onEnter={open}
        w={170}
      />
      <Button
        mih={TOUCH_PX}
        loading={busy}
        disabled={float === null}
        onClick={open}
        data-testid="shift-open-button"
      >
        {action}
      </Button>
    </Group>
  );

  return (
    <Card
      withBorder
      padding="sm"
      // A bar across the counter's top: it takes the room its row leaves (a flex row's item).
      style={{ flex: '1 1 480px' }}
      data-testid="shift-bar"
      data-shift-open={shift ? 'yes' : 'no'}
    >
      {state === null ? <Skeleton height={TOUCH_PX} aria-busy="true" /> : null}
      {state && 'error' in state ? <Alert color="red">{errorText(t, state.error)}</Alert> : null}
      {state && 'shift' in state ? (
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
          {shift ? (
            <Group gap="lg" wrap="wrap" align="flex-end">
              <div>
                <Text fw={600}>
                  {t('backoffice.shift.openSince', { time: formatTime(shift.openedAt, locale) })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('backoffice.shift.float', { amount: money(shift.openingFloat) })}
                </Text>
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  {t('backoffice.shift.cashExpected')}
                </Text>
                <Text fw={700} fz="lg" data-testid="shift-expected">
                  {money(shift.cashExpected)}
                </Text>
              </div>
              {shift.openingFloat === 0
                ? floatForm(t('backoffice.shift.floatLabel'), t('backoffice.shift.setFloat'))
                : null}
            </Group>
          ) : (
            <Group gap="lg" wrap="wrap" align="flex-end">
              <Text fw={600} data-testid="shift-none">
                {t('backoffice.shift.none')}
              </Text>
              {floatForm(t('backoffice.shift.floatLabel'), t('backoffice.shift.open'))}
            </Group>
          )}
          <Group gap="xs">
            {shift ? (
              <Button
                color="violet"
                mih={TOUCH_PX}
                onClick={() => setClosing(true)}
                data-testid="shift-close-button"
              >
                {t('backoffice.shift.close')}
              </Button>
            ) : null}
            <Button
              variant="default"
              mih={TOUCH_PX}
              onClick={() => setListing(true)}
              data-testid="shift-list-button"
            >
              {t('backoffice.shift.list.title')}
            </Button>
          </Group>
        </Group>
      ) : null}
      {error ? (
        <Alert color="red" mt="xs" data-testid="shift-error">
          {errorText(t, error)}
        </Alert>
      ) : null}
      <CloseShift
        opened={closing}
        onCancel={() => setClosing(false)}
        onClosed={() => {
          setClosing(false);
          shiftChanged();
        }}
      />
      <Drawer
        opened={listing}
        onClose={() => setListing(false)}
        title={t('backoffice.shift.list.title')}
        position="right"
        size={phone ? '100%' : 960}
      >
        {listing ? <ShiftList /> : null}
      </Drawer>
    </Card>
  );
}
