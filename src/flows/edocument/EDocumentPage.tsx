import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiCallError } from '../../api/client.ts';
import { edocumentCalendarPath } from '../../api/contract/calendarPaths.ts';
import type { OrderDocument } from '../../api/contract/order.ts';
import { api } from '../../api/endpoints.ts';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';
import { addressLine } from '../../domain/venueAddress.ts';
import { formatDateTime, formatPrice, pickText, sectionIn } from '../../i18n/format.ts';
import { CalendarButton } from '../../ui/CalendarButton.tsx';
import { MembershipCard } from '../../ui/MembershipCard.tsx';
import { waiverPath } from '../../routing/paths.ts';
import { OrderDetailsText } from '../../ui/OrderDetailsText.tsx';
import { OrderPaymentList } from '../../ui/OrderPayments.tsx';
import { useAsync } from '../../ui/useAsync.ts';
import { edocumentKey } from '../../ssr/pageData.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
import { usePageMeta } from '../../ui/usePageMeta.ts';
import { seatLabel } from '../../ui/seatLabel.ts';
import { DonationReceipt } from './DonationReceipt.tsx';
import { EnrolmentDocument } from './EnrolmentDocument.tsx';
import { QrImage } from '../../ui/QrImage.tsx';
import { useOrderLanguage } from './useOrderLanguage.ts';
import { VoucherDocument } from './VoucherDocument.tsx';

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

/** The page's title: e-tickets, or what else the order holds (memberships, vouchers, a donation receipt). */
function titleKey(doc: OrderDocument): string {
  if (doc.enrolment) return 'edocument.enrolmentTitle';
  if (doc.memberships?.length) return 'edocument.membershipsTitle';
  if (doc.tickets.length || !(doc.vouchers.length || doc.donationReceipt)) return 'edocument.title';
  return doc.vouchers.length ? 'edocument.vouchersTitle' : 'edocument.receiptTitle';
}

/**
 * /edocument/{documentKey}: the electronic ticket. One card per seat with the feature, venue, hall, the
 * venue's street address, date and time (Asia/Jerusalem), seat, ticket type, the seat's add-ons (3D glasses: collected with the
 * ticket) and, when the presentation shows it, a QR code. After the presentation (and the venue's
 * grace minutes) the box office answers edocument_expired, and the page says so. The vouchers an
 * order issued print one card each (QR code and barcode), a membership order its membership cards
 * (member number and barcode), a season enrolment its season and member number above its e-tickets (one
 * per concert), and a donation its receipt; under the total, how the order was paid (a gift card and a
 * card each on a line); without a `language` in the link the page speaks the order's language.
 */
export default function EDocumentPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  const { documentKey = '' } = useParams();
  const valid = /^[A-Za-z0-9_-]{16,64}$/.test(documentKey);
  // The box office draws the e-ticket with it (server/http/seo/drawnPages.ts): its key authorises it.
  const state = useAsync((signal) => api.edocument(documentKey, signal), edocumentKey(documentKey));
  useOrderLanguage(state.status === 'done' ? state.data.locale : null);
  usePageMeta({ title: state.status === 'done' ? t(titleKey(state.data)) : null });
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
          {t(titleKey(doc))}
        </Title>
        <Group gap="xs">
          {doc.presentations.some((p) => p.category !== 'video') ? (
            <CalendarButton
              path={edocumentCalendarPath(doc.documentKey)}
              language={locale}
              testId="edocument-calendar"
            />
          ) : null}
          <Button variant="light" onClick={() => window.print()}>
            {t('edocument.print')}
          </Button>
        </Group>
      </Group>
      <Text>
        {t('edocument.reservation')}{' '}
        <Text span fw={700} dir="ltr">
          {doc.reservationIdentifier}
        </Text>
        {doc.customerName ? ` · ${doc.customerName}` : ''}
      </Text>
      <OrderDetailsText order={doc} />
      {doc.hasWaiver ? (
        <Group className="no-print">
          <Button
            component={Link}
            to={waiverPath(doc.reservationIdentifier, doc.documentKey)}
            variant="light"
            data-testid="edocument-waiver"
          >
            {t('waiver.open')}
          </Button>
        </Group>
      ) : null}
      {doc.isHold && doc.holdDeadline ? (
        <Alert color={doc.holdExpired ? 'gray' : 'violet'} data-testid="edocument-hold">
          {t(doc.holdExpired ? 'edocument.holdExpired' : 'edocument.holdNotice', {
            deadline: formatDateTime(doc.holdDeadline, locale),
          })}
        </Alert>
      ) : null}
      {doc.enrolment ? (
        <EnrolmentDocument
          enrolment={doc.enrolment}
          name={doc.customerName}
          concerts={doc.presentations.length}
        />
      ) : null}
      {doc.memberships?.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="membership-documents">
          {doc.memberships.map((m, i) => (
            <MembershipCard key={`${m.membershipId}-${i}`} m={m} name={doc.customerName} />
          ))}
        </SimpleGrid>
      ) : null}
      {doc.presentations.map((p) => {
        const tickets = doc.tickets.filter((tk) => tk.presentationId === p.id);
        const video = doc.videos.find((v) => v.presentationId === p.id);
        const address = p.category === 'video' ? null : addressLine(p.venueAddress, locale);
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
                      {address ? (
                        <Text size="xs" c="dimmed" data-testid="eticket-venue-address">
                          {address}
                        </Text>
                      ) : null}
                      <Text size="sm" fw={600}>
                        {when.dateTime(p.dateTime)}
                      </Text>
                      {video ? null : (
                        <Text size="sm">
                          {seatLabel(t, { ...tk, section: sectionIn(tk, locale) }, p.isReserved)}
                        </Text>
                      )}
                      <Text size="sm" c="dimmed">
                        {pickText(tk.ticketName, locale)} · {pickText(tk.ticketGroupName, locale)}
                        {tk.isSubTicket
                          ? ''
                          : // A series' concerts come with the membership: no price of ₪0.00.
                            ` · ${tk.price === 0 && doc.memberships?.length ? t('memberships.includedInSeries') : formatPrice(tk.price, locale)}`}
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
                      {video ? (
                        <Button
                          component={Link}
                          to={video.watchPath}
                          size="xs"
                          style={{ alignSelf: 'flex-start' }}
                          data-testid="eticket-watch"
                        >
                          {t('vod.watch')}
                        </Button>
                      ) : null}
                    </Stack>
                    {p.isDisplayQr && !doc.isHold ? (
                      <QrImage
                        value={tk.doorCode ?? tk.ticketIdentifier}
                        label={t('edocument.qrFor', { id: tk.ticketIdentifier })}
                        testId="ticket-qr"
                      />
                    ) : null}
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        );
      })}
      {doc.vouchers.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" data-testid="voucher-documents">
          {doc.vouchers.map((v) => (
            <VoucherDocument key={v.reference} voucher={v} />
          ))}
        </SimpleGrid>
      ) : null}
      <DonationReceipt doc={doc} />
      {doc.products.length ? (
        <Card withBorder padding="md">
          <Title order={2} fz="h5" mb="xs">
            {/* The voucher shop's products come with the vouchers (a gift box by post), not at a show. */}
            {t(doc.presentations.length ? 'edocument.products' : 'edocument.shopProducts')}
          </Title>
          {doc.products.map((pr) => (
            <Text key={`${pr.presentationId}-${pr.id}`} size="sm">
              {pickText(pr.name, locale)} × {pr.quantity}
            </Text>
          ))}
        </Card>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('edocument.total', { total: formatPrice(doc.totals.total, locale, doc.currency?.code) })}
      </Text>
      <OrderPaymentList
        payments={doc.payments}
        currency={doc.currency?.code}
        testId="edocument-payments"
        itemTestId="edocument-payment"
      />
    </Stack>
  );
}
