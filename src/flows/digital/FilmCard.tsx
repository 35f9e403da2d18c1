import { Badge, Button, Card, Group, Image, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Presentation } from '../../api/contract/presentations.ts';
import { formatDateTime, formatPrice, pickText } from '../../i18n/format.ts';
import { vodPath } from '../../routing/paths.ts';
import { posterPath } from '../../domain/posters.ts';
import { inclFeeText } from '../../domain/priceText.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useTranslate } from '../../ui/useTranslate.ts';

function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * One on-demand film of the catalogue: poster, title, what it is, the rental's terms (plays and hours
 * from the presentation's `vod`), its price all in (the handling fee named) and the way into the purchase (the film's /vod page).
 */
export function FilmCard({ film, eager }: { film: Presentation; eager: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const translate = useTranslate();
  const title = pickText(film.title, locale);
  const language = film.language
    ? t('events.language', { language: languageName(film.language, locale) })
    : '';
  const subtitles = film.subtitles
    ? t('events.subtitles', { language: languageName(film.subtitles, locale) })
    : '';
  const open = film.saleStatus === 'open' && !film.locationOffline;
  const fee = inclFeeText(
    film.minServiceCharge ?? 0,
    pickText(film.serviceCharge.label, locale),
    locale,
    translate,
  );
  return (
    <Card withBorder padding="md" radius="md" data-testid="digital-film" data-presentation-id={film.id}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Image
          src={film.poster ?? posterPath(film.featureId)}
          alt={title}
          w={96}
          h={144}
          radius="sm"
          loading={eager ? 'eager' : 'lazy'}
          fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
        />
        <Stack gap={6} flex={1} miw={0}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed" data-testid="digital-description">
            {[t('digital.minutes', { count: film.durationMinutes }), language, subtitles]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {film.vod ? (
            <Text size="sm" data-testid="digital-terms">
              {t('digital.terms', { plays: film.vod.playsAllowed, hours: film.vod.rentalHours })}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('digital.availableUntil', { date: formatDateTime(film.saleEnd, locale) })}
          </Text>
          <Group justify="space-between" align="center" gap="sm" mt={4}>
            {film.minPrice !== null ? (
              // The price paid: the cheapest rental with its handling fee, and the fee named.
              <Group gap={6} wrap="wrap">
                <Badge size="lg" variant="light" data-testid="digital-price" dir="ltr">
                  {formatPrice(film.minPrice, locale)}
                </Badge>
                {fee ? (
                  <Text size="xs" c="dimmed" data-testid="digital-fee">
                    {fee}
                  </Text>
                ) : null}
              </Group>
            ) : (
              <span />
            )}
            {open ? (
              <Button component={Link} to={vodPath(film.id)} data-testid="digital-rent">
                {t('digital.rent')} <VisuallyHidden>{`— ${title}`}</VisuallyHidden>
              </Button>
            ) : (
              <Text size="sm" c="orange.8" data-testid="digital-closed">
                {film.locationOffline ? t('errors.location_offline') : t('digital.notOnSale')}
              </Text>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
