import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiCallError } from '../../api/client.ts';
import type { OrderDocument } from '../../api/contract/order.ts';
import { api } from '../../api/endpoints.ts';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';
import { formatDateTime, formatPrice, pickText } from '../../i18n/format.ts';
import { OrderDetailsText } from '../../ui/OrderDetailsText.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { seatLabel } from '../../ui/seatLabel.ts';

/** A QR code of the ticket identifier, drawn in the browser (nothing leaves the page). */
function TicketQr({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(value, { margin: 1, width: 160, errorCorrectionLevel: 'M' }).then((url) => {
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [value]);
  return src ? (
    <Image src={src} alt={label} w={128} h={128} data-testid="ticket-qr" />
  ) : (
    <Skeleton w={128} h={128} />
  );
}

/** The e-ticket of a presentation that has ended (and the venue's grace minutes after it). */
function ExpiredNotice({ expiredAt }: { expiredAt: string | number | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Alert color="gray" title={t('edocument.expiredTitle')} data-testid="edocument-expired">
      {typeof expiredAt === 'string'
        ? t('edocument.expiredSince', { date: formatDateTime(expiredAt, locale) })
        : t('edocument.expired')}
    </Alert>
  );
}

/**
 * /edocument/{documentKey}: the electronic ticket. One card per seat with the feature, venue, hall,
 * date and time (Asia/Jerusalem), seat, ticket type, the seat's add-ons (3D glasses: collected with the
 * ticket) and, when the presentation shows it, a QR code. After the presentation (and the venue's
 * grace minutes) the box office answers edocument_expired, and the page says so.
 */
export default function EDocumentPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { documentKey = '' } = useParams();
  const valid = /^[A-Za-z0-9_-]{16,64}$/.test(documentKey);
  const state = useAsync((signal) => api.edocument(documentKey, signal), documentKey);
  if (!valid) return <NotFoundPage />;
  if (state.status === 'loading') return <Skeleton height={320} />;
  if (state.status === 'error') {
    if (state.error instanceof ApiCallError && state.error.code === 'order_not_found')
      return <NotFoundPage />;
    if (state.error instanceof ApiCallError && state.error.code === 'edocument_expired')
      return <ExpiredNotice expiredAt={state.error.params?.expiredAt} />;
    return <Alert color="red">{t('errors.fetch_data_error')}</Alert>;
  }
  const doc: OrderDocument = state.data;
  return (
    <Stack gap="md" data-testid="edocument">
      <Group justify="space-between" className="no-print">
        <Title order={1} fz="h2">
          {t('edocument.title')}
        </Title>
        <Button variant="light" onClick={() => window.print()}>
          {t('edocument.print')}
        </Button>
      </Group>
      <Text>
        {t('edocument.reservation')}{' '}
        <Text span fw={700} dir="ltr">
          {doc.reservationIdentifier}
        </Text>
        {doc.customerName ? ` · ${doc.customerName}` : ''}
      </Text>
      <OrderDetailsText order={doc} />
      {doc.isHold && doc.holdDeadline ? (
        <Alert color={doc.holdExpired ? 'gray' : 'violet'} data-testid="edocument-hold">
          {t(doc.holdExpired ? 'edocument.holdExpired' : 'edocument.holdNotice', {
            deadline: formatDateTime(doc.holdDeadline, locale),
          })}
        </Alert>
      ) : null}
      {doc.presentations.map((p) => {
        const tickets = doc.tickets.filter((tk) => tk.presentationId === p.id);
        return (
          <Stack key={p.id} gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {tickets.map((tk) => (
                <Card
                  key={tk.ticketIdentifier}
                  withBorder
                  padding="md"
                  className="eticket"
                  data-testid="eticket"
                >
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Stack gap={4}>
                      <Badge variant="light">{t(`category.${p.category}`)}</Badge>
                      <Title order={2} fz="h4">
                        {pickText(p.title, locale)}
                      </Title>
                      <Text size="sm">
                        {pickText(p.venueName, locale)} · {pickText(p.hallName, locale)}
                      </Text>
                      <Text size="sm" fw={600}>
                        {formatDateTime(p.dateTime, locale)}
                      </Text>
                      <Text size="sm">{seatLabel(t, tk, p.isReserved)}</Text>
                      <Text size="sm" c="dimmed">
                        {pickText(tk.ticketName, locale)} · {pickText(tk.ticketGroupName, locale)}
                        {tk.isSubTicket ? '' : ` · ${formatPrice(tk.price, locale)}`}
                      </Text>
                      {tk.addons.map((a) => (
                        <Text key={a.id} size="sm" fw={600} data-testid="eticket-addon">
                          {t('edocument.addon', {
                            addon: pickText(a.name, locale),
                            price: formatPrice(a.price, locale),
                          })}
                        </Text>
                      ))}
                      <Text size="xs" c="dimmed" dir="ltr">
                        {tk.ticketIdentifier}
                      </Text>
                    </Stack>
                    {p.isDisplayQr && !doc.isHold ? (
                      <TicketQr
                        value={tk.ticketIdentifier}
                        label={t('edocument.qrFor', { id: tk.ticketIdentifier })}
                      />
                    ) : null}
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
      {doc.products.length ? (
        <Card withBorder padding="md">
          <Title order={2} fz="h5" mb="xs">
            {t('edocument.products')}
          </Title>
          {doc.products.map((pr) => (
            <Text key={`${pr.presentationId}-${pr.id}`} size="sm">
              {pickText(pr.name, locale)} × {pr.quantity}
            </Text>
          ))}
        </Card>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('edocument.total', { total: formatPrice(doc.totals.total, locale) })}
      </Text>
    </Stack>
  );
}
