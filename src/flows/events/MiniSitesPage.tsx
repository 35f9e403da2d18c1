import { Alert, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../api/endpoints.ts';
import { miniSitePath } from '../../routing/paths.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { MiniSiteBanner } from './MiniSiteBanner.tsx';

/** /mini-site (the configured mini-site target, spec section 2): the venue's partners, each a link. */
export default function MiniSitesPage() {
  const { t } = useTranslation();
  const state = useAsync(() => api.miniSites(), 'mini-sites');
  return (
    <Stack gap="lg">
      <Title order={1}>{t('events.miniSites.listTitle')}</Title>
      <Text c="gray.7">{t('events.miniSites.listIntro')}</Text>
      {state.status === 'loading' ? (
        <Skeleton height={96} radius="md" />
      ) : state.status === 'error' ? (
        <Alert color="red" title={t('errors.errorOccurred')} role="alert">
          {errorText(t, state.error)}
        </Alert>
      ) : state.data.miniSites.length === 0 ? (
        <Text c="dimmed">{t('events.miniSites.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="mini-site-list">
          {state.data.miniSites.map((site) => (
            <Card
              key={site.id}
              withBorder
              padding="md"
              component={Link}
              to={miniSitePath(site.slug)}
              data-testid="mini-site-link"
            >
              <MiniSiteBanner site={site} as="h2" />
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
