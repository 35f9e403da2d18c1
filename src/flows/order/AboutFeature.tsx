import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../api/contract/common.ts';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';

/**
 * What the feature is, in the page's language (the venue's words, as plain text with its line breaks),
 * under the order flow: it never pushes the seat map down, and a customer reads it by scrolling on.
 */
export function AboutFeature({ description }: { description: LocalizedText }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const text = pickText(description, locale).trim();
  if (!text) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby="about-feature" data-testid="about-feature">
      <Title order={2} fz="h4" id="about-feature">
        {t('order.about')}
      </Title>
      <Text style={{ whiteSpace: 'pre-line', maxWidth: '70ch' }}>{text}</Text>
    </Stack>
  );
}
