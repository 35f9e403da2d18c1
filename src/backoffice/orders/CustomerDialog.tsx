import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../ui/errorText.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { type OrderView, ordersApi } from './api.ts';
import { fieldError } from './parts.tsx';

const FIELDS = ['firstName', 'lastName', 'email', 'mobileNumber'] as const;
type Field = (typeof FIELDS)[number];

/**
 * "Edit details": the name, e-mail and mobile number the order was placed with, checked by the box office
 * as at checkout (each field's own message under it). Only what changed is sent.
 */
export function CustomerDialog({
  order,
  onClose,
  onSaved,
}: {
  order: OrderView;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const initial = Object.fromEntries(FIELDS.map((f) => [f, order.customer[f] ?? ''])) as Record<
    Field,
    string
  >;
  const [values, setValues] = useState(initial);
  const { busy, error, run } = useAction();
  const problemOf = (f: Field) => fieldError(t, error, f, t(`backoffice.orders.customer.${f}`));
  const named = FIELDS.some((f) => problemOf(f) !== null);
  const changed = FIELDS.filter((f) => values[f].trim() !== initial[f].trim());
  return (
    <Modal opened onClose={onClose} title={t('backoffice.orders.customer.editTitle')} centered size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await ordersApi.correctCustomer(
              order.reservationIdentifier,
              Object.fromEntries(changed.map((f) => [f, values[f]])),
            );
            onSaved();
          });
        }}
        noValidate
        data-testid="order-customer-form"
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {FIELDS.map((f) => (
              <TextInput
                key={f}
                name={f}
                label={t(`backoffice.orders.customer.${f}`)}
                value={values[f]}
                onChange={(e) => setValues({ ...values, [f]: e.currentTarget.value })}
                error={problemOf(f)}
                dir={f === 'email' || f === 'mobileNumber' ? 'ltr' : undefined}
                type={f === 'email' ? 'email' : f === 'mobileNumber' ? 'tel' : 'text'}
                autoComplete="off"
                styles={touchInput}
              />
            ))}
          </SimpleGrid>
          {error && !named ? (
            <Alert color="red" data-testid="order-customer-error">
              {errorText(t, error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} mih={TOUCH_PX}>
              {t('backoffice.common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={busy}
              disabled={changed.length === 0}
              mih={TOUCH_PX}
              data-testid="order-customer-save"
            >
              {t('backoffice.common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
