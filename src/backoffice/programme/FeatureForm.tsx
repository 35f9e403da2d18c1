import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../api/contract/common.ts';
import { rtlLocales, supportedLocales } from '../../api/contract/constants.ts';
import type { FeatureCreate } from '../../api/contract/programmeAdmin.ts';
import { FeatureCategorySchema } from '../../api/contract/presentations.ts';
import { intlTag } from '../../i18n/format.ts';
import { errorText } from '../../ui/errorText.ts';
import { NATIVE_NAMES } from '../../ui/LanguageButton.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { useAction } from '../ui/useAction.ts';
import { trimmedNames } from '../venues/shared.tsx';
import type { Feature } from './api.ts';

/** The languages a film is most often spoken, dubbed or subtitled in at the shop's venues. */
const LANGUAGES = ['he', 'en', 'ar', 'ru', 'pl', 'fr', 'de', 'es', 'it', 'pt', 'uk', 'ja', 'ko', 'zh', 'hi'];
type LanguageField = 'language' | 'dubbing' | 'subtitles';
const LANGUAGE_FIELDS: readonly LanguageField[] = ['language', 'dubbing', 'subtitles'];
/** The age ratings a venue gives (Israel's film ratings, and 3+ for children's shows). */
const AGE_RATINGS = ['3+', '6+', '12+', '14+', '16+', '18+'];

/**
 * A feature's title in each language, its kind, running time and languages (spoken, dubbed, subtitled).
 * Adds a feature, or changes one (`initial`).
 */
export function FeatureForm({
  initial,
  onSubmit,
  onCancel,
}: {
  initial: Feature | null;
  onSubmit(values: FeatureCreate): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [title, setTitle] = useState<LocalizedText>(initial?.title ?? {});
  const [category, setCategory] = useState<Feature['category']>(initial?.category ?? 'movie');
  const [duration, setDuration] = useState<number | string>(initial?.durationMinutes ?? 120);
  const [langs, setLangs] = useState<Record<LanguageField, string>>({
    language: initial?.language ?? '',
    dubbing: initial?.dubbing ?? '',
    subtitles: initial?.subtitles ?? '',
  });
  const [description, setDescription] = useState<LocalizedText>(initial?.description ?? {});
  const [is3d, setIs3d] = useState(initial?.is3d ?? false);
  const [ageRating, setAgeRating] = useState(initial?.ageRating ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const { busy, error, run, setError } = useAction();
  const names = new Intl.DisplayNames([intlTag(locale)], { type: 'language' });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const titles = trimmedNames(title);
    const minutes = Number(duration);
    if (Object.keys(titles).length === 0) return setInvalid(t('backoffice.programme.titleRequired'));
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440)
      return setInvalid(t('backoffice.programme.durationInvalid'));
    setInvalid(null);
    await run(() =>
      onSubmit({
        title: titles,
        category,
        durationMinutes: minutes,
        language: langs.language || null,
        dubbing: langs.dubbing || null,
        subtitles: langs.subtitles || null,
        description: Object.keys(trimmedNames(description)).length ? trimmedNames(description) : null,
        is3d,
        ageRating: ageRating || null,
      }),
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="feature-form" noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {supportedLocales.map((l) => (
            <TextInput
              key={l}
              label={t('backoffice.programme.titleIn', { language: NATIVE_NAMES[l] })}
              name={`title-${l}`}
              value={title[l] ?? ''}
              maxLength={200}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setTitle((v) => ({ ...v, [l]: value }));
              }}
              styles={touchInput}
              lang={l}
              dir={rtlLocales.has(l) ? 'rtl' : 'ltr'}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
          <NativeSelect
            label={t('backoffice.programme.category')}
            name="category"
            value={category}
            onChange={(e) => setCategory(e.currentTarget.value as Feature['category'])}
            data={FeatureCategorySchema.options.map((c) => ({ value: c, label: t(`category.${c}`) }))}
            styles={touchInput}
          />
          <NumberInput
            label={t('backoffice.programme.duration')}
            name="durationMinutes"
            value={duration}
            onChange={setDuration}
            min={1}
            max={1440}
            allowDecimal={false}
            styles={touchInput}
          />
          {LANGUAGE_FIELDS.map((f) => (
            <NativeSelect
              key={f}
              label={t(`backoffice.programme.${f}`)}
              name={f}
              value={langs[f]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setLangs((v) => ({ ...v, [f]: value }));
              }}
              data={[
                { value: '', label: t('backoffice.programme.noLanguage') },
                ...LANGUAGES.map((code) => ({ value: code, label: names.of(code) ?? code })),
              ]}
              styles={touchInput}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {supportedLocales.map((l) => (
            <Textarea
              key={l}
              label={t('backoffice.programme.descriptionIn', { language: NATIVE_NAMES[l] })}
              name={`description-${l}`}
              value={description[l] ?? ''}
              maxLength={4000}
              autosize
              minRows={2}
              maxRows={6}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDescription((v) => ({ ...v, [l]: value }));
              }}
              lang={l}
              dir={rtlLocales.has(l) ? 'rtl' : 'ltr'}
            />
          ))}
        </SimpleGrid>
        <Group gap="lg" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('backoffice.programme.ageRating')}
            name="ageRating"
            value={ageRating}
            onChange={(e) => setAgeRating(e.currentTarget.value)}
            data={[
              { value: '', label: t('backoffice.programme.ageEveryone') },
              ...AGE_RATINGS.map((r) => ({ value: r, label: r })),
            ]}
            styles={touchInput}
          />
          <Checkbox
            label={t('backoffice.programme.is3d')}
            name="is3d"
            checked={is3d}
            onChange={(e) => setIs3d(e.currentTarget.checked)}
            styles={{ body: { minHeight: TOUCH_PX, alignItems: 'center' } }}
          />
        </Group>
        {invalid ? (
          <Alert color="orange" data-testid="feature-form-invalid">
            {invalid}
          </Alert>
        ) : null}
        {error ? <Alert color="red">{errorText(t, error)}</Alert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" mih={TOUCH_PX} onClick={onCancel}>
            {t('backoffice.programme.cancel')}
          </Button>
          <Button type="submit" mih={TOUCH_PX} loading={busy} data-testid="feature-save">
            {initial ? t('backoffice.programme.saveFeature') : t('backoffice.programme.addFeature')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
