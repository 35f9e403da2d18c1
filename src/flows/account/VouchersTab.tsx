import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { formatDate, formatPrice } from '../../i18n/format.ts';
import { ResponsiveTable } from '../../ui/ResponsiveTable.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { errorText } from '../../ui/errorText.ts';
import { LoadState } from './LoadState.tsx';
import { ReplacementDates } from './ReplacementDates.tsx';
import { useLoad } from './useLoad.ts';
import { VoucherButtons, voucherFields, type VoucherAction } from './voucherFields.tsx';

const loadVouchers = () => api.myVouchers();

/** My vouchers (spec section 3 voucher display) with cancel and replacement-voucher dialogs. */
export function VouchersTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { result, reload, set } = useLoad(loadVouchers);
  const [action, setAction] = useState<VoucherAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (result.state !== 'ready') return <LoadState result={result} retry={reload} />;
  const { systemVouchers, replacementDays } = result.data;
  const fields = voucherFields(t, locale);

  const close = () => {
    setAction(null);
    setError(null);
  };
  const confirm = async () => {
    if (!action) return;
    const { voucher } = action;
    setBusy(true);
    setError(null);
    try {
      if (action.kind === 'cancel') {
        const answer = await api.cancelVoucher(voucher.Reference, voucher.ReservationIdentifier);
        // Spec section 4: cancelling a voucher removes it from the list.
        set({
          ...result.data,
          systemVouchers: systemVouchers.filter((v) => v.Reference !== voucher.Reference),
        });
        setDone(
          t('account.voucherCancelled', {
            code: voucher.Reference,
            refund: formatPrice(answer.refund, locale),
          }),
        );
      } else {
        const updated = await api.replaceVoucher(voucher.Reference, voucher.ReservationIdentifier);
        set({
          ...result.data,
          systemVouchers: systemVouchers.map((v) => (v.Reference === updated.Reference ? updated : v)),
        });
        setDone(
          t('account.voucherReplaced', {
            code: updated.Reference,
            date: formatDate(updated.EndDate, locale),
          }),
        );
      }
      setAction(null);
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="vouchers">
      {done ? (
        <Alert color="teal" withCloseButton onClose={() => setDone(null)} data-testid="voucher-done">
          {done}
        </Alert>
      ) : null}
      {systemVouchers.length === 0 ? <Text c="dimmed">{t('account.noVouchers')}</Text> : null}
      {systemVouchers.length > 0 ? (
        <ResponsiveTable
          rows={systemVouchers}
          rowKey={(v) => v.Reference}
          fields={fields}
          rowAttributes={(v) => ({
            'data-testid': 'voucher',
            'data-reference': v.Reference,
            'data-status': v.status,
          })}
          actions={(v, phone) =>
            v.canReplace || v.canCancel ? (
              <VoucherButtons voucher={v} phone={phone} onAction={setAction} />
            ) : null
          }
          actionsIn="status"
          minWidth={960}
          // Ten columns: narrow gaps keep them, and the status' buttons, within a desktop page.
          tableProps={{ striped: true, verticalSpacing: 'xs', horizontalSpacing: 6 }}
        />
      ) : null}
      <Modal
        opened={action !== null}
        onClose={close}
        centered
        title={
          action
            ? t(action.kind === 'cancel' ? 'account.cancelVoucherTitle' : 'account.replacementTitle', {
                code: action.voucher.Reference,
              })
            : ''
        }
      >
        <Stack gap="sm" data-testid="voucher-dialog">
          {action?.kind === 'replace' ? (
            <>
              <Text>{t('account.replacementText', { days: replacementDays })}</Text>
              <ReplacementDates voucher={action.voucher} days={replacementDays} />
            </>
          ) : null}
          {action?.kind === 'cancel' ? (
            <Text>
              {t('account.cancelVoucherText', { refund: formatPrice(action.voucher.Price, locale) })}
            </Text>
          ) : null}
          {error ? (
            <Alert color="red" data-testid="voucher-error">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('account.back')}
            </Button>
            <Button
              color={action?.kind === 'cancel' ? 'red' : 'violet'}
              loading={busy}
              onClick={() => void confirm()}
              data-testid="confirm-voucher"
            >
              {t(action?.kind === 'cancel' ? 'account.confirmCancelVoucher' : 'account.confirmReplacement')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
