import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { rtlLocales } from '../../api/contract/constants.ts';
import type { ReportAnswer } from '../../api/contract/reports.ts';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { staffDate } from './format.ts';
import { ShowsChart } from './ShowsChart.tsx';

const H = 300;

/** A report's chart: each show's occupancy; tickets per feature or day; quantities of products; money per point of sale. */
export function ReportChart({ answer }: { answer: ReportAnswer }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tickets = { name: 'tickets', color: 'blue.6', label: t('reports.col.tickets') };
  // Right to left (Hebrew, Arabic), time and amounts run from the right, the scale stands on the right.
  const rtl = rtlLocales.has(locale);
  const xAxisProps = { reversed: rtl };
  const yAxis = (width?: number) => ({ orientation: rtl ? ('right' as const) : ('left' as const), width });
  let chart;
  switch (answer.report) {
    case 'attendance-shows':
      chart = <ShowsChart rows={answer.rows} locale={locale} rtl={rtl} />;
      break;
    case 'attendance-features':
    case 'top-features':
      chart = (
        <BarChart
          h={Math.max(H, answer.rows.length * 28)}
          orientation="vertical"
          dataKey="feature"
          xAxisProps={xAxisProps}
          yAxisProps={yAxis(120)}
          data={answer.rows.map((r) => ({ feature: r.feature, tickets: r.tickets }))}
          series={[tickets]}
        />
      );
      break;
    case 'attendance-dates':
      chart = (
        <LineChart
          h={H}
          dataKey="date"
          curveType="monotone"
          data={answer.rows.map((r) => ({ date: staffDate(r.date, locale), tickets: r.tickets }))}
          series={[tickets]}
          xAxisProps={xAxisProps}
          yAxisProps={yAxis()}
        />
      );
      break;
    case 'concessions':
      chart = (
        <BarChart
          h={H}
          orientation="vertical"
          dataKey="product"
          xAxisProps={xAxisProps}
          yAxisProps={yAxis(120)}
          data={answer.most.map((r) => ({ product: r.product, quantity: r.quantity }))}
          series={[{ name: 'quantity', color: 'teal.6', label: t('reports.col.quantity') }]}
        />
      );
      break;
    case 'sales-pos':
      chart = (
        <BarChart
          h={H}
          dataKey="pos"
          valueFormatter={(v) => formatPrice(v, locale)}
          xAxisProps={xAxisProps}
          yAxisProps={yAxis(90)}
          data={answer.rows.map((r) => ({ pos: t(`reports.pos.${r.pointOfSale}`), revenue: r.revenue }))}
          series={[{ name: 'revenue', color: 'grape.6', label: t('reports.col.revenue') }]}
        />
      );
      break;
    case 'sales-mini-site':
      chart = (
        <BarChart
          h={H}
          dataKey="site"
          valueFormatter={(v) => formatPrice(v, locale)}
          xAxisProps={xAxisProps}
          yAxisProps={yAxis(90)}
          data={answer.rows.map((r) => ({
            site: r.miniSite || t('reports.noMiniSite'),
            revenue: r.revenue,
          }))}
          series={[{ name: 'revenue', color: 'cyan.6', label: t('reports.col.revenue') }]}
        />
      );
      break;
  }
  return (
    <Card withBorder padding="sm" data-testid="reports-chart" dir="ltr">
      <Text size="sm" fw={600} mb="xs" dir="auto">
        {t(`reports.kinds.${answer.report}`)}
      </Text>
      {chart}
    </Card>
  );
}
