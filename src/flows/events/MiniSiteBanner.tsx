import { Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MiniSite } from '../../api/contract/partners.ts';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';

/** A partner mini-site's banner: its logo, name and kind (issue 20). */
export function MiniSiteBanner({ site, as = 'h1' }: { site: MiniSite; as?: 'h1' | 'h2' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = pickText(site.name, locale);
  return (
    <Group gap="md" wrap="nowrap" align="center" data-testid="mini-site-banner" data-slug={site.slug}>
      <Image src={site.logoUrl} alt="" w={96} h={64} fit="contain" style={{ flex: 'none' }} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Title
          order={as === 'h1' ? 1 : 2}
          fz={as === 'h1' ? 'h2' : 'h4'}
          style={{ overflowWrap: 'anywhere' }}
        >
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`events.miniSites.kind.${site.kind}`)}
        </Text>
      </Stack>
    </Group>
  );
}
