import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderEnrolment } from '../../api/contract/enrolment.ts';
import { formatDate, pickText } from '../../i18n/format.ts';
import { Barcode } from '../../ui/Barcode.tsx';
import { useLocale } from '../../ui/useLocale.ts';

/**
 * The season enrolment of an order, above its e-tickets: the season, the enrolment membership, the
 * subscriber's member number (with its barcode) and dates, and how many concerts its seat is in.
 */
export function EnrolmentDocument({
  enrolment: e,
  name,
  concerts,
}: {
  enrolment: OrderEnrolment;
  name: string;
  concerts: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Card withBorder padding="md" className="eticket" data-testid="enrolment-document">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Group gap="xs">
            <Badge variant="light">{t('edocument.enrolmentBadge')}</Badge>
            {e.isCancelled ? <Badge color="gray">{t('edocument.membershipCancelled')}</Badge> : null}
          </Group>
          <Title order={2} fz="h4">
            {pickText(e.name, locale)}
          </Title>
          <Text size="sm" fw={600} data-testid="enrolment-season">
            {t('edocument.enrolmentSeason', { season: pickText(e.seasonName, locale) })}
          </Text>
          <Text size="sm">{name}</Text>
          <Text size="sm" data-testid="enrolment-concerts">
            {t('edocument.enrolmentConcerts', { n: concerts })}
          </Text>
          {e.startDate && e.endDate ? (
            <Text size="sm" c="dimmed">
              {t('memberships.validFromTo', {
                from: formatDate(e.startDate, locale),
                to: formatDate(e.endDate, locale),
              })}
            </Text>
          ) : null}
        </Stack>
        {e.memberNumber ? (
          <Stack gap={2} align="center">
            <Text size="xs" c="dimmed">
              {t('memberships.memberNumberLabel')}
            </Text>
            <Text fw={700} fz="xl" ff="monospace">
              <bdi dir="ltr" data-testid="enrolment-member-number">
                {e.memberNumber}
              </bdi>
            </Text>
            <Barcode
              value={e.memberNumber}
              label={t('edocument.memberBarcodeFor', { number: e.memberNumber })}
              testId="enrolment-barcode"
            />
          </Stack>
        ) : null}
      </Group>
    </Card>
  );
}
