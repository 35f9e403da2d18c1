import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductRow, ReportAnswer } from '../../api/contract/reports.ts';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { formatPermille, staffDate, staffDateTime } from './format.ts';
import { type Row, RowsTable } from './RowsTable.tsx';

/** A report's rows: a table, or cards on a phone (RowsTable). */
export function ReportTable({ answer }: { answer: ReportAnswer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = (agorot: number) => formatPrice(agorot, locale);
  const col = (k: string) => t(`reports.col.${k}`);

  if (answer.report === 'concessions')
    return (
      <Stack gap="md">
        <ProductTable title={t('reports.most')} rows={answer.most} testId="reports-most" />
        <ProductTable title={t('reports.least')} rows={answer.least} testId="reports-least" />
      </Stack>
    );

  let head: string[];
  let body: Row[];
  switch (answer.report) {
    case 'attendance-shows':
      head = ['startsAt', 'feature', 'venue', 'tickets', 'capacity', 'occupancy', 'revenue'];
      body = answer.rows.map((r) => ({
        key: String(r.presentationId),
        cells: [
          staffDateTime(r.startsAt, locale),
          r.feature,
          `${r.venue} · ${r.hall}`,
          r.tickets,
          r.capacity,
          formatPermille(r.occupancyPermille, locale),
          money(r.revenue),
        ],
      }));
      break;
    case 'attendance-features':
    case 'top-features': {
      const offset = answer.report === 'top-features' ? 0 : (answer.page - 1) * answer.pageSize;
      head = ['rank', 'feature', 'shows', 'tickets', 'revenue'];
      body = answer.rows.map((r, i) => ({
        key: String(r.featureId),
        cells: [offset + i + 1, r.feature, r.shows, r.tickets, money(r.revenue)],
      }));
      break;
    }
    case 'attendance-dates':
      head = ['date', 'shows', 'tickets', 'revenue'];
      body = answer.rows.map((r) => ({
        key: r.date,
        cells: [staffDate(r.date, locale), r.shows, r.tickets, money(r.revenue)],
      }));
      break;
    case 'sales-pos':
      head = ['pointOfSale', 'orders', 'tickets', 'revenue'];
      body = answer.rows.map((r) => ({
        key: r.pointOfSale,
        cells: [t(`reports.pos.${r.pointOfSale}`), r.orders, r.tickets, money(r.revenue)],
      }));
      break;
    case 'sales-mini-site':
      head = ['miniSite', 'orders', 'tickets', 'revenue'];
      body = answer.rows.map((r) => ({
        key: String(r.miniSiteId),
        cells: [r.miniSite || t('reports.noMiniSite'), r.orders, r.tickets, money(r.revenue)],
      }));
      break;
  }
  if (body.length === 0)
    return (
      <Text c="dimmed" data-testid="reports-empty">
        {t('reports.empty')}
      </Text>
    );
  return <RowsTable head={head.map(col)} body={body} testId="reports-table" />;
}

function ProductTable({ title, rows, testId }: { title: string; rows: ProductRow[]; testId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap={4}>
      <Text fw={600}>{title}</Text>
      <RowsTable
        testId={testId}
        head={['rank', 'product', 'quantity', 'revenue'].map((k) => t(`reports.col.${k}`))}
        body={rows.map((r, i) => ({
          key: String(r.productId),
          cells: [i + 1, r.product, r.quantity, formatPrice(r.revenue, locale)],
        }))}
      />
    </Stack>
  );
}
