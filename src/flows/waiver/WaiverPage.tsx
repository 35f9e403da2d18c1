import { Alert, Button, Card, Group, Image, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { customerState } from '../../state/customer.ts';
import { ApiCallError } from '../../api/client.ts';
import type { SignedWaiver } from '../../api/contract/waiver.ts';
import { api } from '../../api/endpoints.ts';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';
import { formatDateTime, pickText } from '../../i18n/format.ts';
import { LoginRequired } from '../../ui/login/LoginRequired.tsx';
import { errorText } from '../../ui/errorText.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useShowTime } from '../../ui/useShowTime.ts';

/**
 * /waiver/{reservation}: an order's signed liability waiver, as it was signed — the text in the
 * language it was read, the signing adult, the children with their tickets, the signature, the time
 * and the address — printable. Opened from the e-ticket (with its key), the personal area (logged in)
 * and the staff area (a staff session).
 */
export default function WaiverPage() {
  const { t } = useTranslation();
  const { reservationIdentifier = '' } = useParams();
  const [params] = useSearchParams();
  const key = params.get('k') ?? undefined;
  // A login on this page loads the waiver again.
  const who = useSnapshot(customerState).customer?.CustomerId ?? '';
  const state = useAsync(
    () => api.orderWaiver(reservationIdentifier, key),
    `${reservationIdentifier}:${key}:${who}`,
  );
  if (!/^[A-Za-z0-9]{4,40}$/.test(reservationIdentifier)) return <NotFoundPage />;
  if (state.status === 'loading') return <Skeleton height={480} radius="md" />;
  if (state.status === 'error') {
    const code = state.error instanceof ApiCallError ? state.error.code : '';
    if (code === 'waiver_not_found') return <NotFoundPage />;
    if (code === 'not_logged_in')
      return <LoginRequired text={t('waiver.loginToSee')} testId="waiver-login" />;
    return (
      <Alert color="red" data-testid="waiver-page-error">
        {errorText(t, state.error)}
      </Alert>
    );
  }
  return <SignedWaiverView w={state.data} />;
}

function SignedWaiverView({ w }: { w: SignedWaiver }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  return (
    <Stack gap="md" data-testid="signed-waiver">
      <Group justify="space-between" className="no-print">
        <Title order={1} fz="h2">
          {t('waiver.document')}
        </Title>
        <Button variant="light" onClick={() => window.print()} data-testid="waiver-print">
          {t('waiver.print')}
        </Button>
      </Group>
      <Card withBorder radius="md" padding="lg" className="eticket">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Text fw={700}>{pickText(w.presentation.title, locale)}</Text>
              <Text size="sm" c="dimmed">
                {pickText(w.presentation.venueName, locale)} · {when.dateTime(w.presentation.dateTime)}
              </Text>
            </div>
            <Text size="sm" dir="auto">
              {t('waiver.order', { id: w.reservationIdentifier })}
            </Text>
          </Group>
          {/* The text as signed, in the language it was read in. */}
          <div lang={w.locale} dir={w.locale === 'he' || w.locale === 'ar' ? 'rtl' : 'ltr'}>
            <Text fw={600} mb={4} data-testid="signed-waiver-title">
              {w.title}
            </Text>
            {w.text.split(/\n\s*\n/).map((para, i) => (
              <Text key={i} size="sm" mb="xs">
                {para}
              </Text>
            ))}
            <Text size="xs" c="dimmed">
              {t('waiver.version', { version: w.version })}
            </Text>
          </div>
          <Title order={2} fz="h5">
            {t('waiver.adult')}
          </Title>
          <Table withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('waiver.adultName')}</Table.Th>
                <Table.Td data-testid="signed-waiver-adult">{w.adult.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('waiver.idNumber')}</Table.Th>
                <Table.Td dir="ltr">{w.adult.idNumber}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('waiver.dateOfBirth')}</Table.Th>
                <Table.Td dir="ltr">{w.adult.dateOfBirth}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Title order={2} fz="h5">
            {t('waiver.jumpers')}
          </Title>
          <Table withTableBorder data-testid="signed-waiver-jumpers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('waiver.childName')}</Table.Th>
                <Table.Th>{t('waiver.dateOfBirth')}</Table.Th>
                <Table.Th>{t('waiver.ticket')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {w.jumpers.map((j, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{j.name}</Table.Td>
                  <Table.Td dir="ltr">{j.dateOfBirth}</Table.Td>
                  <Table.Td>{pickText(j.ticketName, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" fw={600}>
            {t('waiver.signature')}
          </Text>
          <Image
            src={w.signature}
            alt={t('waiver.signature')}
            w={320}
            maw="100%"
            bd="1px solid var(--mantine-color-default-border)"
            data-testid="signed-waiver-signature"
          />
          <Text size="sm" c="dimmed" data-testid="signed-waiver-when">
            {t('waiver.signedAt', { date: formatDateTime(w.signedAt, locale), address: w.signedFrom })}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
