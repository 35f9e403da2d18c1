import { Alert, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/endpoints.ts';
import { localeReady } from '../../i18n/index.ts';
import { leaveMiniSite } from '../../state/partnerContext.ts';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { FilmCard } from './FilmCard.tsx';

/**
 * Loads the on-demand films on sale (spec section 9: presentations at the virtual venue types 101–104),
 * each with its rental terms (`vod`), which only the presentation itself carries.
 */
async function loadFilms(signal: AbortSignal) {
  // The shop's own catalogue, like the board: a partner's mini-site (issue 20) is left behind, or its
  // context would ask the box office for films the partner does not sell.
  leaveMiniSite();
  // The page's texts are not in the locale's first part (src/i18n/localeParts.ts): they come with the data.
  const [{ presentations }] = await Promise.all([api.presentations(undefined, signal), localeReady()]);
  const films = presentations.filter((p) => p.isVod && p.saleStatus === 'open');
  return Promise.all(films.map((p) => api.presentation(p.id, signal)));
}

/**
 * /digital/Presentation (spec section 2, the digital presentation view): the catalogue of on-demand
 * video, each film with its poster, what it is, its rental terms and price, and the way into its
 * purchase and viewing (the video flow at /vod/{id}).
 */
export default function DigitalPresentationPage() {
  const { t } = useTranslation();
  const state = useAsync(loadFilms, 'films');
  return (
    <Stack gap="lg" data-testid="digital-presentations">
      {state.status === 'loading' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {[0, 1].map((i) => (
            <Skeleton key={i} height={176} radius="md" aria-busy="true" />
          ))}
        </SimpleGrid>
      ) : state.status === 'error' ? (
        <Alert color="red" role="alert" title={t('errors.errorOccurred')}>
          {errorText(t, state.error)}
        </Alert>
      ) : (
        <>
          <Title order={1}>{t('digital.title')}</Title>
          <Text c="dimmed">{t('digital.intro')}</Text>
          {state.data.length === 0 ? (
            <Text data-testid="digital-empty">{t('digital.empty')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {state.data.map((film, i) => (
                <FilmCard key={film.id} film={film} eager={i < 2} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}
