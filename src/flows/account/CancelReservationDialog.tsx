import { Alert, Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CancelAnswer, CancellationQuote, CustomerReservation } from '../../api/contract/customer.ts';
import { api } from '../../api/endpoints.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { boxOfficeContact, errorText } from '../../ui/errorText.ts';
import { RefundSplitList } from '../../ui/OrderPayments.tsx';

type QuoteState =
  { state: 'loading' } | { state: 'ready'; quote: CancellationQuote } | { state: 'error'; text: string };

/**
 * Cancel order (spec sections 2 and 4): shows the cancellation fee first (fixed, percent, per ticket,
 * with its name), the service charge that is not refunded and the refund, shared out over the order's
 * payments (each gift card and card its own part); then cancels.
 */
export function CancelReservationDialog({
  reservation,
  onClose,
  onCancelled,
}: {
  reservation: CustomerReservation | null;
  onClose: () => void;
  onCancelled: (answer: CancelAnswer) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  // An order priced in another currency (a EUR membership) is refunded in it.
  const currency = reservation?.currency?.code;
  const id = reservation?.reservationIdentifier ?? null;
  const [quote, setQuote] = useState<QuoteState>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    let live = true;
    api.cancellationQuote(id).then(
      (q) => live && setQuote({ state: 'ready', quote: q }),
      (err: unknown) => live && setQuote({ state: 'error', text: errorText(t, err) }),
    );
    return () => {
      live = false;
      setQuote({ state: 'loading' });
      setError(null);
    };
  }, [id, t]);

  const confirm = async () => {
    if (!id) return;
    setBusy(true);
    setError(null);
    try {
      onCancelled(await api.cancelReservation(id));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const q = quote.state === 'ready' ? quote.quote : null;
  const feeRule = q
    ? [
        q.feeFixed > 0
          ? t(q.perTicket ? 'account.feeFixedPerTicket' : 'account.feeFixed', {
              amount: formatPrice(q.feeFixed, locale, currency),
              tickets: q.tickets,
            })
          : null,
        q.feePercent > 0 ? t('account.feePercent', { percent: q.feePercent }) : null,
      ]
        .filter(Boolean)
        .join(' + ')
    : '';
  return (
    <Modal opened={id !== null} onClose={onClose} title={t('account.cancelTitle', { id: id ?? '' })} centered>
      <Stack gap="sm" data-testid="cancel-dialog">
        {quote.state === 'loading' ? (
          <Center py="md">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : null}
        {quote.state === 'error' ? <Alert color="red">{quote.text}</Alert> : null}
        {q && q.refundTo === 'none' ? (
          <Text size="sm" data-testid="cancel-hold">
            {t('account.cancelHoldText')}
          </Text>
        ) : null}
        {q && q.refundTo !== 'none' ? (
          <>
            <Table verticalSpacing={4}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>{t('account.paid')}</Table.Td>
                  <Table.Td ta="end">{formatPrice(q.paid, locale, currency)}</Table.Td>
                </Table.Tr>
                <Table.Tr data-testid="cancel-fee">
                  <Table.Td>
                    {pickText(q.feeName, locale)}
                    {feeRule ? <Text span size="xs" c="dimmed">{` (${feeRule})`}</Text> : null}
                  </Table.Td>
                  <Table.Td ta="end">{`−${formatPrice(q.fee, locale, currency)}`}</Table.Td>
                </Table.Tr>
                {q.serviceChargeKept > 0 ? (
                  <Table.Tr>
                    <Table.Td>
                      {t('account.serviceChargeKept', {
                        label: reservation ? pickText(reservation.serviceChargeLabel, locale) : '',
                      })}
                    </Table.Td>
                    <Table.Td ta="end">{`−${formatPrice(q.serviceChargeKept, locale, currency)}`}</Table.Td>
                  </Table.Tr>
                ) : null}
                {q.bookingFeeKept > 0 ? (
                  <Table.Tr>
                    <Table.Td>{t('account.bookingFeeKept')}</Table.Td>
                    <Table.Td ta="end">{`−${formatPrice(q.bookingFeeKept, locale, currency)}`}</Table.Td>
                  </Table.Tr>
                ) : null}
                <Table.Tr>
                  <Table.Td fw={700}>{t('account.refund')}</Table.Td>
                  <Table.Td ta="end" fw={700} data-testid="cancel-refund">
                    {formatPrice(q.refund, locale, currency)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {q.refundTo === 'card' ? (
              // Each gift card and card of the order gets its own part back, as the box office shares it.
              <RefundSplitList
                refunds={q.refunds}
                atBoxOffice={q.refundAtBoxOffice}
                currency={currency}
                title={t('payments.refundGoesTo')}
                testId="cancel-split"
              />
            ) : (
              <Alert color="yellow" data-testid="balance-due">
                {t('errors.BALANCE_IS_DUE', { contact: boxOfficeContact(locale) })}
              </Alert>
            )}
          </>
        ) : null}
        {error ? (
          <Alert color="red" data-testid="cancel-error">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('account.keepOrder')}
          </Button>
          <Button
            color="red"
            onClick={() => void confirm()}
            loading={busy}
            disabled={!q || q.refundTo === 'box_office'}
            data-testid="confirm-cancel"
          >
            {t('account.confirmCancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
