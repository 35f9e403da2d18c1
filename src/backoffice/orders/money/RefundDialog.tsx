import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '../../../api/contract/ordersAdmin.ts';
import { formatPrice, pickText } from '../../../domain/format.ts';
import { errorText } from '../../../ui/errorText.ts';
import { useLocale } from '../../../ui/useLocale.ts';
import { TOUCH_PX } from '../../ui/touch.ts';
import { useAction } from '../../ui/useAction.ts';
import { moneyApi, type RefundAnswer } from './api.ts';
import { QuoteParts, QuoteRow } from './QuoteParts.tsx';
import { useQuote } from './useQuote.ts';
import {
  EMPTY_REFUND,
  type RefundForm,
  refundReady,
  refundableProducts,
  refundableTickets,
  selectionOf,
} from './refundForm.ts';

/**
 * Refunds the whole order or chosen tickets and products (issue 36): the box office quotes every choice
 * as it is made (the fee, what is kept, where each part of the money goes back, what to hand over at the
 * counter), and nothing moves until the clerk confirms with a reason.
 */
export function RefundDialog({
  order,
  opened,
  onClose,
  onDone,
}: {
  order: OrderView;
  opened: boolean;
  onClose(): void;
  onDone(answer: RefundAnswer): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [form, setForm] = useState<RefundForm>({ ...EMPTY_REFUND, whole: order.state === 'held' });
  const { busy, error, run, setError } = useAction();
  const currency = order.currency.code;
  const money = (n: number) => formatPrice(n, locale, currency);
  const selection = selectionOf(form);
  const { quote, error: quoteError } = useQuote(
    opened && selection
      ? (signal) => moneyApi.refundQuote(order.reservationIdentifier, selection, signal)
      : null,
    `${order.reservationIdentifier}:${JSON.stringify(selection)}`,
  );

  const set = (patch: Partial<RefundForm>) => setForm((f) => ({ ...f, ...patch }));
  const close = () => {
    setError(null);
    onClose();
  };
  const tickets = refundableTickets(order);
  const products = refundableProducts(order);

  return (
    <Modal opened={opened} onClose={close} title={t('backoffice.money.refundTitle')} size="lg" centered>
      <Stack gap="md" data-testid="refund-dialog">
        {order.state === 'paid' ? (
          <SegmentedControl
            value={form.whole ? 'whole' : 'lines'}
            onChange={(v) => set({ whole: v === 'whole' })}
            data={[
              { value: 'lines', label: t('backoffice.money.chosenLines') },
              { value: 'whole', label: t('backoffice.money.wholeOrder') },
            ]}
            data-testid="refund-scope"
          />
        ) : (
          <Text>{t('backoffice.money.holdCancel')}</Text>
        )}
        {!form.whole ? (
          <Stack gap={6} data-testid="refund-lines">
            {tickets.map((ticket) => (
              <Checkbox
                key={ticket.ticketIdentifier}
                checked={form.tickets.includes(ticket.ticketIdentifier)}
                onChange={(e) =>
                  set({
                    tickets: e.currentTarget.checked
                      ? [...form.tickets, ticket.ticketIdentifier]
                      : form.tickets.filter((x) => x !== ticket.ticketIdentifier),
                  })
                }
                label={t('backoffice.money.ticketLine', {
                  section: pickText(ticket.sectionNames, locale) || ticket.section,
                  row: ticket.row,
                  seat: ticket.seat,
                  ticket: pickText(ticket.ticketName, locale),
                  price: money(
                    ticket.price + ticket.serviceCharge + ticket.addons.reduce((s, a) => s + a.price, 0),
                  ),
                })}
                styles={{ body: { alignItems: 'center', minHeight: TOUCH_PX } }}
                data-testid="refund-ticket"
              />
            ))}
            {products.map((p) => (
              <Group key={p.key} justify="space-between" wrap="nowrap">
                <Text>
                  {pickText(p.name, locale)} · {money(p.unitPrice)}
                </Text>
                <NumberInput
                  w={110}
                  min={0}
                  max={p.left}
                  value={form.products[p.key] ?? 0}
                  onChange={(v) => set({ products: { ...form.products, [p.key]: Number(v) || 0 } })}
                  aria-label={t('backoffice.money.productQuantity', { name: pickText(p.name, locale) })}
                  data-testid="refund-product"
                />
              </Group>
            ))}
          </Stack>
        ) : null}
        {order.state === 'paid' ? (
          <SegmentedControl
            value={form.waived ? 'waived' : 'venue'}
            onChange={(v) => set({ waived: v === 'waived' })}
            data={[
              { value: 'venue', label: t('backoffice.money.feeVenue') },
              { value: 'waived', label: t('backoffice.money.feeWaived') },
            ]}
            data-testid="refund-fee"
          />
        ) : null}
        {form.waived ? (
          <TextInput
            label={t('backoffice.money.feeWaivedReason')}
            value={form.feeWaivedReason}
            onChange={(e) => set({ feeWaivedReason: e.currentTarget.value })}
            required
            data-testid="refund-waived-reason"
          />
        ) : null}
        <Textarea
          label={t('backoffice.money.reason')}
          value={form.reason}
          onChange={(e) => set({ reason: e.currentTarget.value })}
          autosize
          minRows={2}
          required
          data-testid="refund-reason"
        />
        <Divider />
        {quote ? (
          <Stack gap={4} data-testid="refund-quote">
            <QuoteRow
              label={t('backoffice.money.value')}
              amount={quote.value}
              currency={currency}
              testId="quote-value"
            />
            <QuoteRow
              label={t('backoffice.money.fee', { name: pickText(quote.feeName, locale) })}
              amount={quote.fee}
              currency={currency}
              testId="quote-fee"
            />
            {quote.kept > 0 ? (
              <QuoteRow
                label={t('backoffice.money.kept')}
                amount={quote.kept}
                currency={currency}
                testId="quote-kept"
              />
            ) : null}
            <QuoteRow
              label={t('backoffice.money.refund')}
              amount={quote.refund}
              currency={currency}
              testId="quote-refund"
              strong
            />
            <QuoteParts parts={quote.parts} atCounter={quote.atCounter} currency={currency} />
          </Stack>
        ) : selection && !quoteError ? (
          <Text c="dimmed">{t('backoffice.money.quoting')}</Text>
        ) : null}
        {quoteError || error ? (
          <Alert color="red" data-testid="refund-error">
            {errorText(t, error ?? quoteError)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={TOUCH_PX} onClick={close}>
            {t('backoffice.common.cancel')}
          </Button>
          <Button
            color="red"
            mih={TOUCH_PX}
            loading={busy}
            disabled={!quote || !refundReady(form)}
            data-testid="refund-confirm"
            onClick={() =>
              void run(async () => {
                const answer = await moneyApi.refund(order.reservationIdentifier, {
                  ...selectionOf(form),
                  reason: form.reason.trim(),
                });
                onDone(answer);
              })
            }
          >
            {quote && quote.refund > 0
              ? t('backoffice.money.refundAction', { amount: money(quote.refund) })
              : t('backoffice.money.cancelAction')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
