import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocationsAnswer } from '../../api/contract/customer.ts';
import type { CustomerInfo } from '../../api/contract/order.ts';
import type { CustomerField, OrderCustomerInfoBlock } from '../../api/contract/session.ts';
import { api } from '../../api/endpoints.ts';
import { askedFields } from '../../domain/customer.ts';
import type { OrderTerms } from '../../domain/terms.ts';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { fieldMessageText, type FormMessage } from './fieldMessage.ts';
import { TermsLink } from './TermsLink.tsx';

interface Props {
  block: OrderCustomerInfoBlock;
  value: CustomerInfo;
  onChange: (value: CustomerInfo) => void;
  /** A field lost the focus (its message shows from then on). */
  onBlur?: (field: string) => void;
  /** Messages per field (translated under errors.*). */
  errors: Record<string, FormMessage>;
  /** The venue's order terms in the page's language (orderTermsFor); null: none to show. */
  terms: OrderTerms | null;
  disabled?: boolean;
}

type TextField = Exclude<CustomerField, 'location'>;

const inputType: Partial<Record<TextField, { type?: string; autoComplete?: string; dir?: 'ltr' }>> = {
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

/** The venue's branches (GET /customer/locations), fetched once the form asks for one. */
function useLocations(asked: boolean): LocationsAnswer['locations'] {
  const [locations, setLocations] = useState<LocationsAnswer['locations']>([]);
  useEffect(() => {
    if (!asked) return;
    let live = true;
    api
      .locations()
      .then((a) => live && setLocations(a.locations))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [asked]);
  return locations;
}

/** The customer fields the venue asks for in the order flow, each required or optional as configured. */
export function CustomerForm({ block, value, onChange, onBlur, errors, terms, disabled }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const set = (patch: Partial<CustomerInfo>) => onChange({ ...value, ...patch });
  const err = (field: string) => fieldMessageText(t, field, errors[field]);
  const fields = askedFields(block);
  const locations = useLocations(fields.some((f) => f.field === 'location'));
  const text = (field: TextField | 'emailConfirmation' | 'mobileNumberConfirmation', required: boolean) => (
    <TextInput
      key={field}
      label={t(`customer.fields.${field}`)}
      required={required}
      value={value[field] ?? ''}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
      onBlur={() => onBlur?.(field)}
      error={err(field)}
      disabled={disabled}
      name={field}
      {...inputType[
        field === 'emailConfirmation'
          ? 'email'
          : field === 'mobileNumberConfirmation'
            ? 'mobileNumber'
            : field
      ]}
    />
  );
  return (
    <Stack gap="sm" data-testid="customer-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fields.map(({ field, required }) => {
          if (field === 'location')
            return (
              <Select
                key={field}
                label={t('customer.fields.location')}
                placeholder={t('customer.chooseLocation')}
                required={required}
                clearable={!required}
                data={locations.map((l) => ({ value: String(l.id), label: pickText(l.name, locale) }))}
                value={value.locationId !== undefined ? String(value.locationId) : null}
                onChange={(v) => {
                  const { locationId: _old, ...rest } = value;
                  onChange(v ? { ...rest, locationId: Number(v) } : rest);
                }}
                onBlur={() => onBlur?.(field)}
                error={err(field)}
                disabled={disabled}
                name={field}
                data-testid="location-select"
              />
            );
          if (field === 'email' && block.isVerifyEmail)
            return [text(field, required), text('emailConfirmation', required)];
          if (field === 'mobileNumber' && block.isVerifyMobileNumber)
            return [text(field, required), text('mobileNumberConfirmation', required)];
          return text(field, required);
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
              {terms ? (
                <>
                  {' '}
                  <TermsLink terms={terms} />
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
