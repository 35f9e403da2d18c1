import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The staff area's signed waivers (being built in this change). */
export function Waivers() {
  const { t } = useTranslation();
  return <Text c="dimmed">{t('common.loading')}</Text>;
}
