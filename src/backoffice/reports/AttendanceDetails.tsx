import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Attendance } from '../../api/contract/attendance.ts';
import { formatTime } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { ArrivalsChart } from './ArrivalsChart.tsx';
import { RowsTable } from './RowsTable.tsx';

/** A big number and what it counts. */
function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** A titled part of the report; `empty` is said instead when there are no rows. */
function Part({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Stack gap={4} component="section">
      <Text fw={600}>{title}</Text>
      {empty === null ? children : <Text c="dimmed">{empty}</Text>}
    </Stack>
  );
}

/**
 * One presentation's attendance: the counts, arrivals over time, scans per door, who never came (by
 * order, with the buyer's mobile to call) and the double entries offline phones reported.
 */
export function AttendanceDetails({ report }: { report: Attendance }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const col = (k: string) => t(`reports.door.col.${k}`);
  const seat = (s: { section: string; row: string; seat: string }) => t('seatmap.seatTitle', s);
  const entry = (door: string | null, at: string | null) =>
    door && at ? t('reports.door.entryAt', { door, time: formatTime(at, locale) }) : '—';
  const ltr = (text: string) => <bdi dir="ltr">{text}</bdi>;

  return (
    <Stack gap="lg" data-testid="attendance-report">
      <SimpleGrid cols={{ base: 2, sm: report.voucherEntries > 0 ? 5 : 4 }} spacing="sm">
        <Stat label={t('reports.door.expected')} value={report.expected} testId="attendance-expected" />
        <Stat label={t('reports.door.arrived')} value={report.arrived} testId="attendance-arrived" />
        <Stat label={t('reports.door.inside')} value={report.inside} testId="attendance-inside" />
        <Stat label={t('reports.door.noShows')} value={report.noShows} testId="attendance-no-shows-count" />
        {report.voucherEntries > 0 ? (
          <Stat
            label={t('reports.door.voucherEntries')}
            value={report.voucherEntries}
            testId="attendance-vouchers"
          />
        ) : null}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <ArrivalsChart arrivals={report.arrivals} />
        <Part title={t('reports.door.doors')} empty={report.doors.length ? null : t('reports.door.noScans')}>
          <RowsTable
            testId="attendance-doors"
            head={[col('door'), col('in'), col('out')]}
            body={report.doors.map((d) => ({ key: d.door, cells: [d.door, d.in, d.out] }))}
          />
        </Part>
      </SimpleGrid>
      <Part
        title={t('reports.door.noShowList')}
        empty={report.noShowOrders.length ? null : t('reports.door.everyoneCame')}
      >
        <RowsTable
          testId="attendance-no-show-list"
          rowTestId="attendance-no-show"
          head={[col('customer'), col('order'), col('seats'), col('mobile')]}
          body={report.noShowOrders.map((o) => ({
            key: o.reservationIdentifier,
            cells: [
              o.customerName,
              ltr(o.reservationIdentifier),
              // A line per seat: a long order reads down, not across (and right to left, unmixed).
              o.seats.map((s) => (
                <span key={`${s.section}-${s.row}-${s.seat}`} style={{ display: 'block' }}>
                  {seat(s)}
                </span>
              )),
              o.mobile ? <a href={`tel:${o.mobile}`}>{ltr(o.mobile)}</a> : '—',
            ],
          }))}
        />
      </Part>
      {report.conflicts.length > 0 ? (
        <Part title={t('reports.door.conflicts')} empty={null}>
          <RowsTable
            testId="attendance-conflicts"
            head={[col('ticket'), col('seat'), col('firstEntry'), col('offlineEntry')]}
            body={report.conflicts.map((c) => ({
              key: `${c.ticketIdentifier}-${c.at}`,
              cells: [ltr(c.ticketIdentifier), seat(c), entry(c.firstDoor, c.firstAt), entry(c.door, c.at)],
            }))}
          />
        </Part>
      ) : null}
    </Stack>
  );
}
