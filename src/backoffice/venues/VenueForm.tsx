import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../api/contract/common.ts';
import { type Locale, rtlLocales, supportedLocales } from '../../api/contract/constants.ts';
import type { VenueAddress } from '../../api/contract/venuesAdmin.ts';
import { errorText } from '../../ui/errorText.ts';
import { NATIVE_NAMES } from '../../ui/LanguageButton.tsx';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { trimmedNames } from './shared.tsx';

export interface VenueValues {
  name: LocalizedText;
  address: VenueAddress | null;
}

type Field = 'name' | 'street' | 'city';
const FIELDS: readonly Field[] = ['name', 'street', 'city'];

/**
 * A venue's names per locale and its street address (street and city per locale, postal code, country),
 * as schema.org's PostalAddress has it. One box per language; an address left empty is no address.
 */
export function VenueForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: VenueValues | null;
  submitLabel: string;
  onSubmit(values: VenueValues): Promise<void>;
}) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<Record<Field, LocalizedText>>({
    name: initial?.name ?? {},
    street: initial?.address?.street ?? {},
    city: initial?.address?.city ?? {},
  });
  const [postalCode, setPostalCode] = useState(initial?.address?.postalCode ?? '');
  const [country, setCountry] = useState(initial?.address?.country ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const { busy, error, run, setError } = useAction();

  const set = (field: Field, locale: Locale, value: string) =>
    setTexts((v) => ({ ...v, [field]: { ...v[field], [locale]: value } }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const name = trimmedNames(texts.name);
    const street = trimmedNames(texts.street);
    const city = trimmedNames(texts.city);
    const code = country.trim().toUpperCase();
    const hasAddress =
      Object.keys(street).length + Object.keys(city).length > 0 || postalCode.trim() !== '' || code !== '';
    if (Object.keys(name).length === 0) return setInvalid(t('backoffice.venues.nameRequired'));
    if (hasAddress && !/^[A-Z]{2}$/.test(code)) return setInvalid(t('backoffice.venues.countryInvalid'));
    setInvalid(null);
    await run(() =>
      onSubmit({
        name,
        address: hasAddress ? { street, city, postalCode: postalCode.trim(), country: code } : null,
      }),
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="venue-form" noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {supportedLocales.map((l) => (
            <Fieldset key={l} legend={NATIVE_NAMES[l]}>
              <Stack gap="xs">
                {FIELDS.map((f) => (
                  <TextInput
                    key={f}
                    label={t(`backoffice.venues.fields.${f}`)}
                    name={`${f}-${l}`}
                    value={texts[f][l] ?? ''}
                    maxLength={120}
                    onChange={(e) => set(f, l, e.currentTarget.value)}
                    styles={touchInput}
                    // The text is typed in the box's language and direction, whatever the page's.
                    lang={l}
                    dir={rtlLocales.has(l) ? 'rtl' : 'ltr'}
                  />
                ))}
              </Stack>
            </Fieldset>
          ))}
        </SimpleGrid>
        <Group gap="md" grow wrap="wrap" align="flex-start">
          <TextInput
            label={t('backoffice.venues.fields.postalCode')}
            name="postalCode"
            value={postalCode}
            maxLength={20}
            onChange={(e) => setPostalCode(e.currentTarget.value)}
            styles={touchInput}
            dir="ltr"
            miw={160}
          />
          <TextInput
            label={t('backoffice.venues.fields.country')}
            description={t('backoffice.venues.countryHint')}
            name="country"
            value={country}
            maxLength={2}
            onChange={(e) => setCountry(e.currentTarget.value.toUpperCase())}
            styles={touchInput}
            dir="ltr"
            miw={160}
          />
        </Group>
        {invalid ? (
          <Alert color="orange" data-testid="venue-form-invalid">
            {invalid}
          </Alert>
        ) : null}
        {error ? <Alert color="red">{errorText(t, error)}</Alert> : null}
        <Group justify="flex-end">
          <Button type="submit" mih={TOUCH_PX} loading={busy} data-testid="venue-save">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
