import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PresentationSummary } from '../../api/contract/presentations.ts';
import { formatDateTime, formatPrice, pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { orderPath, vodPath } from '../../routing/paths.ts';

function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function PresentationCard({ presentation: p }: { presentation: PresentationSummary }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const title = pickText(p.title, locale);
  const attributes = [
    p.language ? t('events.language', { language: languageName(p.language, locale) }) : null,
    p.dubbing ? t('events.dubbing', { language: languageName(p.dubbing, locale) }) : null,
    p.subtitles ? t('events.subtitles', { language: languageName(p.subtitles, locale) }) : null,
    p.durationMinutes > 0 ? t('events.duration', { minutes: p.durationMinutes }) : null,
  ].filter((a): a is string => a !== null);

  return (
    <Card
      withBorder
      shadow="xs"
      padding="lg"
      component="article"
      data-testid="presentation-card"
      data-presentation-id={p.id}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <Group gap="xs">
            <Badge variant="light">{t(`category.${p.category}`)}</Badge>
            {p.isReserved || p.isVod ? null : <Badge variant="outline">{t('events.generalAdmission')}</Badge>}
          </Group>
          <Title order={3} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {`${pickText(p.venueName, locale)} · ${pickText(p.hallName, locale)}`}
          </Text>
          <Text size="sm" fw={600}>
            {p.isVod
              ? t('events.availableUntil', { date: formatDateTime(p.saleEnd, locale) })
              : formatDateTime(p.dateTime, locale)}
          </Text>
          {attributes.length > 0 ? (
            <Text size="xs" c="dimmed">
              {attributes.join(' · ')}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={6} align="stretch" style={{ flex: '0 0 auto' }}>
          {p.minPrice !== null ? (
            <Text size="sm" ta="center">
              {t('events.priceFrom', { price: formatPrice(p.minPrice, locale) })}
            </Text>
          ) : null}
          <SaleAction presentation={p} title={title} />
        </Stack>
      </Group>
    </Card>
  );
}

function SaleAction({ presentation: p, title }: { presentation: PresentationSummary; title: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (p.saleStatus === 'not_started') {
    return (
      <Text size="sm" c="orange.8" ta="center" maw={220} data-testid="sale-not-started">
        {t('errors.sale_not_started_at', { date: formatDateTime(p.saleStart, locale) })}
      </Text>
    );
  }
  if (p.saleStatus === 'ended') {
    return (
      <Text size="sm" c="red.8" ta="center" maw={220} data-testid="sale-ended">
        {t('errors.sale_ended')}
      </Text>
    );
  }
  if (p.isVod) {
    return (
      <Button
        component={Link}
        to={vodPath(p.id)}
        variant="light"
        data-testid="watch-button"
        aria-label={t('events.watchTitle', { title })}
      >
        {t('events.watch')}
      </Button>
    );
  }
  return (
    <Button
      component={Link}
      to={orderPath(p.id)}
      aria-label={t('events.purchaseTitle', { title })}
      data-testid="purchase-button"
    >
      {t('events.purchase')}
    </Button>
  );
}
