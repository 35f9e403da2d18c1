import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CustomerAccount, CustomerDetailsBody } from '../../api/contract/customer.ts';
import { api } from '../../api/endpoints.ts';
import { customerDetailsBlock, detailsAsCustomerInfo, validateCustomerInfo } from '../../domain/customer.ts';
import { pickText } from '../../i18n/format.ts';
import { customerState, setCustomer } from '../../state/customer.ts';
import { session } from '../../state/session.ts';
import {
  fieldMessageText,
  type FormMessage,
  messagesByField,
  serverFieldMessages,
} from '../checkout/fieldMessage.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { errorText } from '../../ui/errorText.ts';
import { useLoad } from './useLoad.ts';
import { showToast } from '../../ui/toast/toasts.ts';

const loadLocations = () => api.locations();

type TextField = 'firstName' | 'lastName' | 'email' | 'ssn' | 'address1' | 'address2' | 'city' | 'postalCode';

const fieldsOf = (c: CustomerAccount): CustomerDetailsBody => ({
  firstName: c.FirstName ?? '',
  lastName: c.LastName ?? '',
  email: c.EmailAddress1 ?? '',
  ssn: c.SSN ?? '',
  address1: c.Address1 ?? '',
  address2: c.Address2 ?? '',
  city: c.City ?? '',
  postalCode: c.PostalCode ?? '',
  dateOfBirth: c.DateOfBirth ?? '',
  locationId: c.LocationId,
  isEmailAllowed: c.IsEmailAllowed,
  isSMSAllowed: c.IsSMSAllowed,
});

const textFields: {
  field: TextField;
  required?: boolean;
  dir?: 'ltr';
  type?: string;
  autoComplete?: string;
}[] = [
  { field: 'firstName', required: true, autoComplete: 'given-name' },
  { field: 'lastName', required: true, autoComplete: 'family-name' },
  { field: 'email', required: true, dir: 'ltr', type: 'email', autoComplete: 'email' },
  { field: 'ssn', dir: 'ltr' },
  { field: 'address1', autoComplete: 'address-line1' },
  { field: 'address2', autoComplete: 'address-line2' },
  { field: 'city', autoComplete: 'address-level2' },
  { field: 'postalCode', dir: 'ltr', autoComplete: 'postal-code' },
];

/** Personal details, editable and checked with the order form's rules; the mobile number is the login. */
export function DetailsTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const customer = useSnapshot(customerState).customer as CustomerAccount | null;
  const [value, setValue] = useState<CustomerDetailsBody | null>(() =>
    customer ? fieldsOf(customer) : null,
  );
  const [serverErrors, setServerErrors] = useState<Record<string, FormMessage>>({});
  // After the first save, every field's message follows what the customer types (the box office's rules).
  const [tried, setTried] = useState(false);
  const { settings } = useSnapshot(session);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { result: locations } = useLoad(loadLocations);
  if (!customer || !value || !settings) return null;
  const local = messagesByField(
    validateCustomerInfo(customerDetailsBlock(settings.customerInfo.order), detailsAsCustomerInfo(value)),
  );
  const messages = { ...(tried ? local : {}), ...serverErrors };
  const fieldError = (field: string) => fieldMessageText(t, field, messages[field]);
  const set = (patch: Partial<CustomerDetailsBody>) => {
    setValue({ ...value, ...patch });
    setServerErrors({});
  };

  const save = async () => {
    setTried(true);
    setError(null);
    setServerErrors({});
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const { data } = await api.updateDetails(value);
      setCustomer(data.customerInfo);
      showToast({ key: 'account.detailsSaved', color: 'teal' });
    } catch (err) {
      const fields = serverFieldMessages(err);
      if (fields) setServerErrors(fields);
      else setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm" maw={720} data-testid="details-form">
        {error ? <Alert color="red">{error}</Alert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('customer.fields.mobileNumber')}
            value={customer.MobileNumber1 ?? ''}
            readOnly
            dir="ltr"
            description={t('account.mobileIsLogin')}
          />
          {textFields.map(({ field, required, ...extra }) => (
            <TextInput
              key={field}
              name={field}
              label={t(`customer.fields.${field}`)}
              required={required}
              value={value[field] ?? ''}
              onChange={(e) => set({ [field]: e.currentTarget.value })}
              error={fieldError(field)}
              {...extra}
            />
          ))}
          <TextInput
            type="date"
            name="dateOfBirth"
            label={t('customer.fields.dateOfBirth')}
            value={value.dateOfBirth ?? ''}
            onChange={(e) => set({ dateOfBirth: e.currentTarget.value })}
            error={fieldError('dateOfBirth')}
          />
          <Select
            label={t('customer.fields.location')}
            clearable
            data={
              locations.state === 'ready'
                ? locations.data.locations.map((l) => ({
                    value: String(l.id),
                    label: pickText(l.name, locale),
                  }))
                : []
            }
            value={value.locationId ? String(value.locationId) : null}
            onChange={(v) => set({ locationId: v ? Number(v) : null })}
            error={fieldError('location')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('account.allowEmail')}
          checked={value.isEmailAllowed}
          onChange={(e) => set({ isEmailAllowed: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('account.allowSms')}
          checked={value.isSMSAllowed}
          onChange={(e) => set({ isSMSAllowed: e.currentTarget.checked })}
        />
        <Group>
          <Button type="submit" loading={busy} data-testid="save-details">
            {t('account.saveDetails')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
