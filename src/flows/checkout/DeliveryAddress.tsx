import { SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeliveryAddress as Address } from '../../api/contract/order.ts';
import { deliveryFields } from '../../domain/customer.ts';
import { fieldMessageText, type FormMessage } from './fieldMessage.ts';

const autoComplete = {
  address1: 'address-line1',
  city: 'address-level2',
  postalCode: 'postal-code',
} as const;

/**
 * Where the products sent by post go (a product with isDeliveryRequired is in the cart): address line,
 * city and postal code, all required, checked with the customer form's rules. It starts as the
 * customer's own address when the form asks for one.
 */
export function DeliveryAddress({
  value,
  onChange,
  onBlur,
  errors,
  disabled,
}: {
  value: Required<Address>;
  onChange: (value: Required<Address>) => void;
  onBlur?: (field: string) => void;
  /** Messages keyed `deliveryAddress.<part>`. */
  errors: Record<string, FormMessage>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="delivery-address">
      <Title order={3} fz="h4">
        {t('checkout.delivery.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('checkout.delivery.explained')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {deliveryFields.map((part) => {
          const name = `deliveryAddress.${part}`;
          return (
            <TextInput
              key={part}
              name={name}
              label={t(`customer.fields.${part}`)}
              required
              value={value[part]}
              onChange={(e) => onChange({ ...value, [part]: e.currentTarget.value })}
              onBlur={() => onBlur?.(name)}
              error={fieldMessageText(t, name, errors[name])}
              disabled={disabled}
              autoComplete={`shipping ${autoComplete[part]}`}
              {...(part === 'postalCode' ? { dir: 'ltr' as const } : {})}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
