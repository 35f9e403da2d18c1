import { Anchor, Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerInfo } from '../../api/contract/order.ts';
import type { CustomerField, OrderCustomerInfoBlock } from '../../api/contract/session.ts';
import { askedFields } from '../../domain/customer.ts';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';

interface Props {
  block: OrderCustomerInfoBlock;
  value: CustomerInfo;
  onChange: (value: CustomerInfo) => void;
  /** Error codes per field (translated under errors.*). */
  errors: Record<string, string>;
  termsUrl: string | null;
  disabled?: boolean;
}

const inputType: Partial<Record<CustomerField, { type?: string; autoComplete?: string; dir?: 'ltr' }>> = {
  firstName: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  email: { type: 'email', autoComplete: 'email', dir: 'ltr' },
  mobileNumber: { type: 'tel', autoComplete: 'tel', dir: 'ltr' },
  address1: { autoComplete: 'address-line1' },
  address2: { autoComplete: 'address-line2' },
  city: { autoComplete: 'address-level2' },
  postalCode: { autoComplete: 'postal-code', dir: 'ltr' },
  dateOfBirth: { type: 'date', autoComplete: 'bday' },
  ssn: { dir: 'ltr' },
};

/** The customer fields the venue asks for in the order flow, each required or optional as configured. */
export function CustomerForm({ block, value, onChange, errors, termsUrl, disabled }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const set = (patch: Partial<CustomerInfo>) => onChange({ ...value, ...patch });
  const err = (field: string) =>
    errors[field] ? t(`errors.${errors[field]}`, { field: t(`customer.fields.${field}`) }) : undefined;
  const fields = askedFields(block).filter((f) => f.field !== 'location');
  return (
    <Stack gap="sm" data-testid="customer-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fields.map(({ field, required }) => {
          const key = field as Exclude<CustomerField, 'location'>;
          const extra = inputType[key] ?? {};
          const input = (
            <TextInput
              key={field}
              label={t(`customer.fields.${field}`)}
              required={required}
              value={(value[key] as string | undefined) ?? ''}
              onChange={(e) => set({ [key]: e.currentTarget.value })}
              error={err(field)}
              disabled={disabled}
              name={field}
              {...extra}
            />
          );
          if (field === 'email' && block.isVerifyEmail)
            return [
              input,
              <TextInput
                key="emailConfirmation"
                label={t('customer.fields.emailConfirmation')}
                required={required}
                value={value.emailConfirmation ?? ''}
                onChange={(e) => set({ emailConfirmation: e.currentTarget.value })}
                error={err('emailConfirmation')}
                disabled={disabled}
                {...extra}
              />,
            ];
          if (field === 'mobileNumber' && block.isVerifyMobileNumber)
            return [
              input,
              <TextInput
                key="mobileNumberConfirmation"
                label={t('customer.fields.mobileNumberConfirmation')}
                required={required}
                value={value.mobileNumberConfirmation ?? ''}
                onChange={(e) => set({ mobileNumberConfirmation: e.currentTarget.value })}
                error={err('mobileNumberConfirmation')}
                disabled={disabled}
                {...extra}
              />,
            ];
          return input;
        })}
      </SimpleGrid>
      {!block.isMailingAllowedExcluded ? (
        <Checkbox
          label={t('customer.mailing')}
          checked={value.isMailingAllowed ?? false}
          onChange={(e) => set({ isMailingAllowed: e.currentTarget.checked })}
          disabled={disabled}
        />
      ) : null}
      {block.isTermsRequired ? (
        <Checkbox
          label={
            <>
              {t('customer.terms')}
              {termsUrl ? (
                <>
                  {' '}
                  <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer">
                    {t('customer.readTerms')}
                  </Anchor>
                </>
              ) : null}
              {block.additionalTerms ? ` ${pickText(block.additionalTerms, locale)}` : ''}
            </>
          }
          checked={value.termsAccepted ?? false}
          onChange={(e) => set({ termsAccepted: e.currentTarget.checked })}
          error={err('termsAccepted')}
          disabled={disabled}
          data-testid="terms"
        />
      ) : null}
    </Stack>
  );
}
