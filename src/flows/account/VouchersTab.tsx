import { Alert, Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemVoucher, VoucherStatus } from '../../api/contract/customer.ts';
import { api } from '../../api/endpoints.ts';
import { formatDate, formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { errorText } from '../../ui/errorText.ts';
import { LoadState } from './LoadState.tsx';
import { ReplacementDates } from './ReplacementDates.tsx';
import { useLoad } from './useLoad.ts';

const loadVouchers = () => api.myVouchers();

export const voucherStatusColor: Record<VoucherStatus, string> = {
  active: 'teal',
  partially_redeemed: 'blue',
  no_balance: 'gray',
  expired: 'gray',
  cancelled: 'red',
  scanned: 'dark',
  for_replacement: 'orange',
};

type Action = { kind: 'cancel' | 'replace'; voucher: SystemVoucher };

/** My vouchers (spec section 3 voucher display) with cancel and replacement-voucher dialogs. */
export function VouchersTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { result, reload, set } = useLoad(loadVouchers);
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (result.state !== 'ready') return <LoadState result={result} retry={reload} />;
  const { systemVouchers, replacementDays } = result.data;
  const amount = (v: SystemVoucher, n: number) => (v.IsStoredValue ? formatPrice(n, locale) : String(n));
  // The box office's Quantity is what one voucher is worth: a gift card's money (agorot), a ticket
  // voucher's uses. Each row is one voucher, so a gift card is one card of that value.
  const quantity = (v: SystemVoucher) => (v.IsStoredValue ? 1 : v.Quantity);
  const value = (v: SystemVoucher) => (v.IsStoredValue ? formatPrice(v.Quantity, locale) : '—');

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
        <Table.ScrollContainer minWidth={960}>
          {/* Ten columns: narrow gaps keep them, and the status' buttons, within a desktop page. */}
          <Table striped verticalSpacing="xs" horizontalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('account.voucher.code')}</Table.Th>
                <Table.Th>{`${t('account.voucher.type')} · ${t('account.voucher.benefit')}`}</Table.Th>
                <Table.Th ta="end">{t('account.voucher.quantity')}</Table.Th>
                <Table.Th ta="end">{t('account.voucher.value')}</Table.Th>
                <Table.Th ta="end">{t('account.voucher.price')}</Table.Th>
                <Table.Th ta="end">{t('account.voucher.redeemed')}</Table.Th>
                <Table.Th ta="end">{t('account.voucher.balance')}</Table.Th>
                <Table.Th>{t('account.voucher.purchased')}</Table.Th>
                <Table.Th>{t('account.voucher.expires')}</Table.Th>
                <Table.Th>{t('account.voucher.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {systemVouchers.map((v) => (
                <Table.Tr
                  key={v.Reference}
                  data-testid="voucher"
                  data-reference={v.Reference}
                  data-status={v.status}
                >
                  <Table.Td dir="ltr" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {v.Reference}
                  </Table.Td>
                  <Table.Td miw={170}>
                    <Text size="sm">{pickText(v.Name, locale)}</Text>
                    <Text size="xs" c="dimmed">
                      {pickText(v.BenefitName, locale)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="end" data-testid="voucher-quantity">
                    {quantity(v)}
                  </Table.Td>
                  <Table.Td ta="end" data-testid="voucher-value">
                    {value(v)}
                  </Table.Td>
                  <Table.Td ta="end">{formatPrice(v.Price, locale)}</Table.Td>
                  <Table.Td ta="end">{amount(v, v.Redeemed)}</Table.Td>
                  <Table.Td ta="end" data-testid="voucher-balance">
                    {amount(v, v.Balance)}
                  </Table.Td>
                  <Table.Td data-testid="voucher-purchased">{formatDate(v.DateTimeCreated, locale)}</Table.Td>
                  <Table.Td data-testid="voucher-expires">{formatDate(v.EndDate, locale)}</Table.Td>
                  <Table.Td>
                    <Stack gap={6} align="flex-start">
                      <Badge
                        color={voucherStatusColor[v.status]}
                        variant="light"
                        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                        data-testid="voucher-status"
                      >
                        {t(`account.voucherStatus.${v.status}`)}
                      </Badge>
                      {v.canReplace ? (
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => setAction({ kind: 'replace', voucher: v })}
                          data-testid="replace-voucher"
                        >
                          {t('account.replacement')}
                        </Button>
                      ) : null}
                      {v.canCancel ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setAction({ kind: 'cancel', voucher: v })}
                          data-testid="cancel-voucher"
                        >
                          {t('account.cancelVoucher')}
                        </Button>
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
