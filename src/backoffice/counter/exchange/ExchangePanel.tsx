import { Alert, Button, Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CounterPayment } from '../../../api/contract/counter.ts';
import { formatPrice } from '../../../i18n/format.ts';
import { errorText } from '../../../ui/errorText.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { moneyApi } from '../../orders/money/api.ts';
import { QuoteParts, QuoteRow } from '../../orders/money/QuoteParts.tsx';
import { useQuote } from '../../orders/money/useQuote.ts';
import { TOUCH_PX } from '../../ui/touch.ts';
import { useAction } from '../../ui/useAction.ts';
import { TakePayment } from '../holds/TakePayment.tsx';
import { counter, type CounterState } from '../saleStore.ts';
import { shiftChanged } from '../shift/shiftState.ts';
import { endExchange, exchangeSelection } from './exchangeState.ts';

/**
 * The counter's right-hand panel while an order's tickets are exchanged (issue 36): the box office
 * quotes the seats picked on the map (what the old tickets cost, what the new ones cost), then the clerk
 * takes the difference at the counter (TakePayment: cash, the terminal, gift cards) or confirms the
 * refund of a cheaper exchange to the order's payments. The old seats are freed only in the transaction
 * that sells the new; the order page opens after.
 */
export function ExchangePanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { presentation: p, groups, seats, exchange: x } = useSnapshot(counter) as CounterState;
  const [reason, setReason] = useState('');
  const { busy, error, run, setError } = useAction();
  const selection = x && p && seats.length ? exchangeSelection(x, p.id, seats, groups) : null;
  const { quote, error: quoteError } = useQuote(
    x && selection ? (signal) => moneyApi.exchangeQuote(x.rid, selection, signal) : null,
    `${x?.rid}:${JSON.stringify(selection)}`,
  );
  const money = (n: number) => formatPrice(n, locale, quote?.currency);

  if (!x || !p) return null;
  const reasonOk = reason.trim().length >= 3;
  const exchange = (payments?: CounterPayment[]) =>
    void run(async () => {
      if (!selection || !reasonOk) return;
      await moneyApi.exchange(x.rid, {
        ...selection,
        reason: reason.trim(),
        ...(payments ? { payments } : {}),
      });
      counter.seats = [];
      shiftChanged();
      const rid = x.rid;
      await endExchange();
      void navigate(`/staff/orders/${encodeURIComponent(rid)}?exchanged=1`);
    });

  return (
    <Card withBorder padding="md" data-testid="exchange-panel">
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('backoffice.exchange.title', { count: x.tickets.length })}
        </Title>
        {seats.length === 0 ? (
          <Text c="dimmed">{t('backoffice.exchange.pickSeats', { count: x.tickets.length })}</Text>
        ) : null}
        <Textarea
          label={t('backoffice.exchange.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          autosize
          minRows={2}
          required
          data-testid="exchange-reason"
        />
        {quote ? (
          <Stack gap={4} data-testid="exchange-quote">
            <QuoteRow
              label={t('backoffice.exchange.old')}
              amount={quote.oldValue}
              currency={quote.currency}
              testId="exchange-old"
            />
            <QuoteRow
              label={t('backoffice.exchange.new')}
              amount={quote.newValue}
              currency={quote.currency}
              testId="exchange-new"
            />
            <QuoteRow
              label={
                quote.difference > 0 ? t('backoffice.exchange.toPay') : t('backoffice.exchange.toRefund')
              }
              amount={Math.abs(quote.difference)}
              currency={quote.currency}
              testId="exchange-difference"
              strong
            />
            <QuoteParts parts={quote.parts} atCounter={quote.atCounter} currency={quote.currency} />
          </Stack>
        ) : null}
        {quoteError || error ? (
          <Alert color="red" data-testid="exchange-error">
            {errorText(t, error ?? quoteError)}
          </Alert>
        ) : null}
        {quote && !reasonOk ? (
          <Text size="sm" c="orange">
            {t('backoffice.exchange.reasonFirst')}
          </Text>
        ) : null}
        {quote && quote.difference > 0 ? (
          <TakePayment
            key={quote.difference}
            due={quote.difference}
            busy={busy}
            action={t('backoffice.exchange.takeAndExchange', { amount: money(quote.difference) })}
            onTake={(payments) => exchange(payments)}
          />
        ) : quote ? (
          <Button
            size="lg"
            mih={56}
            disabled={!reasonOk}
            loading={busy}
            onClick={() => exchange()}
            data-testid="exchange-confirm"
          >
            {quote.difference < 0
              ? t('backoffice.exchange.confirmRefund', { amount: money(-quote.difference) })
              : t('backoffice.exchange.confirm')}
          </Button>
        ) : null}
        <Button
          variant="default"
          mih={TOUCH_PX}
          onClick={() => {
            const rid = x.rid;
            void endExchange().then(() => navigate(`/staff/orders/${encodeURIComponent(rid)}`));
          }}
          data-testid="exchange-cancel"
        >
          {t('backoffice.exchange.giveUp')}
        </Button>
      </Stack>
    </Card>
  );
}
