import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../ui/errorText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { staffDateTime } from '../reports/format.ts';
import { MessageDelivery } from '../ui/MessageDelivery.tsx';
import { RecordTable } from '../ui/RecordTable.tsx';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { type OrderView, ordersApi } from './api.ts';
import { fieldError, Ltr, Section } from './parts.tsx';

type Channel = 'email' | 'sms';

/**
 * The messages sent about the order (confirmation, cancellation, a show moved or called off, gift cards)
 * with where each went and how its delivery stands; "Resend" sends the confirmation again. A paid or held
 * order only (the box office refuses the others).
 */
export function MessagesSection({ order, onChanged }: { order: OrderView; onChanged(): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [resending, setResending] = useState(false);
  const canResend = order.state === 'paid' || order.state === 'held';
  return (
    <Section
      title={t('backoffice.orders.messages.title')}
      testId="order-messages"
      action={
        canResend ? (
          <Button
            variant="light"
            mih={TOUCH_PX}
            onClick={() => setResending(true)}
            data-testid="order-resend"
          >
            {t('backoffice.orders.messages.resend')}
          </Button>
        ) : null
      }
    >
      {order.messages.length === 0 ? (
        <Text c="dimmed">{t('backoffice.orders.messages.none')}</Text>
      ) : (
        <RecordTable
          rows={order.messages}
          rowKey={(m) => m.id}
          rowAttributes={(m) => ({
            'data-testid': 'order-message',
            'data-status': m.status,
            'data-channel': m.channel,
          })}
          columns={[
            {
              key: 'message',
              label: t('backoffice.orders.messages.message'),
              render: (m) => `${t(`staff.kind.${m.kind}`)} · ${t(`staff.channel.${m.channel}`)}`,
            },
            { key: 'to', label: t('backoffice.orders.messages.to'), render: (m) => <Ltr>{m.to}</Ltr> },
            {
              key: 'status',
              label: t('backoffice.orders.messages.status'),
              render: (m) => (
                <Stack gap={0}>
                  <MessageDelivery message={m} />
                </Stack>
              ),
            },
            {
              key: 'at',
              label: t('backoffice.orders.messages.at'),
              render: (m) => staffDateTime(m.sentAt ?? m.createdAt, locale),
            },
          ]}
        />
      )}
      {resending ? (
        <ResendDialog
          order={order}
          onClose={() => setResending(false)}
          onSent={() => {
            setResending(false);
            onChanged();
          }}
        />
      ) : null}
    </Section>
  );
}

/** "Resend": by e-mail or SMS, to the order's address prefilled, which the clerk may correct for this message. */
function ResendDialog({ order, onClose, onSent }: { order: OrderView; onClose(): void; onSent(): void }) {
  const { t } = useTranslation();
  const own = (c: Channel) => (c === 'email' ? order.customer.email : order.customer.mobileNumber) ?? '';
  const [channel, setChannel] = useState<Channel>(order.customer.email ? 'email' : 'sms');
  const [to, setTo] = useState(own(channel));
  const { busy, error, run } = useAction();
  const label = t(`backoffice.orders.messages.to${channel === 'email' ? 'Email' : 'Sms'}`);
  const problem = fieldError(t, error, 'to', label);
  return (
    <Modal opened onClose={onClose} title={t('backoffice.orders.messages.resendTitle')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await ordersApi.resend(order.reservationIdentifier, {
              channel,
              ...(to.trim() !== own(channel).trim() ? { to } : {}),
            });
            onSent();
          });
        }}
        noValidate
        data-testid="order-resend-form"
      >
        <Stack gap="sm">
          <SegmentedControl
            value={channel}
            onChange={(v) => {
              setChannel(v as Channel);
              setTo(own(v as Channel));
            }}
            data={(['email', 'sms'] as const).map((c) => ({ value: c, label: t(`staff.channel.${c}`) }))}
            data-testid="order-resend-channel"
          />
          <TextInput
            name="to"
            label={label}
            description={t('backoffice.orders.messages.toHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            type={channel === 'email' ? 'email' : 'tel'}
            dir="ltr"
            required
            error={problem}
            styles={touchInput}
          />
          {error && !problem ? <Alert color="red">{errorText(t, error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={TOUCH_PX}>
              {t('backoffice.common.cancel')}
            </Button>
            <Button type="submit" loading={busy} mih={TOUCH_PX} data-testid="order-resend-send">
              {t('backoffice.orders.messages.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
