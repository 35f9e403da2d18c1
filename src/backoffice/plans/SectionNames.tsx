import { Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../api/contract/common.ts';
import { rtlLocales, supportedLocales } from '../../api/contract/constants.ts';
import type { PlanSection } from '../../api/contract/seatplan.ts';
import { NATIVE_NAMES } from '../../ui/LanguageButton.tsx';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';
import { trimmedNames } from '../venues/shared.tsx';

/** A section's names in every language of the shop, one section at a time; saved as one edit. */
export function SectionNames({
  sections,
  busy,
  onSave,
}: {
  sections: readonly PlanSection[];
  busy: boolean;
  onSave(sectionId: number, names: LocalizedText): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [chosen, setChosen] = useState(sections[0]?.id ?? 0);
  const section = sections.find((s) => s.id === chosen) ?? sections[0];
  if (!section) return null;
  return (
    <Card withBorder padding="md" data-testid="plan-section-names">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          {t('backoffice.plans.sectionNames')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('backoffice.plans.sectionNamesIntro')}
        </Text>
        <NativeSelect
          label={t('backoffice.plans.section')}
          value={String(section.id)}
          onChange={(e) => setChosen(Number(e.currentTarget.value))}
          data={sections.map((s) => ({ value: String(s.id), label: s.names?.[locale] || s.name }))}
          styles={touchInput}
          data-testid="plan-section-pick"
        />
        <NamesForm key={section.id} section={section} busy={busy} onSave={onSave} />
      </Stack>
    </Card>
  );
}

function NamesForm({
  section,
  busy,
  onSave,
}: {
  section: PlanSection;
  busy: boolean;
  onSave(sectionId: number, names: LocalizedText): void;
}) {
  const { t } = useTranslation();
  const [names, setNames] = useState<LocalizedText>(section.names ?? {});
  const cleaned = trimmedNames(names);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {supportedLocales.map((l) => (
          <TextInput
            key={l}
            label={NATIVE_NAMES[l]}
            name={`section-${l}`}
            lang={l}
            dir={rtlLocales.has(l) ? 'rtl' : 'ltr'}
            value={names[l] ?? ''}
            placeholder={section.name}
            maxLength={100}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setNames((n) => ({ ...n, [l]: value }));
            }}
            styles={touchInput}
          />
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          mih={TOUCH_PX}
          loading={busy}
          disabled={Object.keys(cleaned).length === 0}
          onClick={() => onSave(section.id, cleaned)}
          data-testid="plan-section-save"
        >
          {t('backoffice.plans.saveSectionNames')}
        </Button>
      </Group>
    </Stack>
  );
}
