import { Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../ui/useLocale.ts';
import { actionLabel } from '../audit/AuditEntryRow.tsx';
import { changedFields } from '../audit/diff.ts';
import { staffDateTime } from '../reports/format.ts';
import type { OrderView } from './api.ts';
import { Ltr, Section, useMoney } from './parts.tsx';

type Entry = OrderView['history'][number];
const MONEY_KEYS = new Set(['total', 'amount', 'refund', 'charge', 'fee']);

/**
 * Who did what to the order and when, newest first: its own events (placed, paid, cancelled, each
 * payment, refund and message) and the staff's changes from the audit log (with before and after).
 */
export function HistorySection({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const money = useMoney(order);
  const detail = (e: Entry) =>
    Object.entries(e.detail)
      .filter(([, v]) => v !== null && v !== '' && v !== 0)
      .map(([k, v]) => {
        if (MONEY_KEYS.has(k) && typeof v === 'number') return money(v);
        if (k === 'method')
          return t(`backoffice.orders.payments.methods.${String(v)}`, { defaultValue: String(v) });
        if (k === 'channel') return t(`staff.channel.${String(v)}`);
        if (k === 'kind') return t(`staff.kind.${String(v)}`, { defaultValue: String(v) });
        return String(v);
      });
  return (
    <Section title={t('backoffice.orders.history.title')} testId="order-history">
      <Timeline bulletSize={12} lineWidth={2}>
        {order.history.map((e, i) => (
          <Timeline.Item key={i} data-testid="order-history-entry" data-event={e.event}>
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t(`backoffice.orders.history.events.${e.event.replace('.', '_')}`, {
                  defaultValue: actionLabel(t, e.event),
                })}
              </Text>
              <Text size="xs" c="dimmed">
                {staffDateTime(e.at, locale)}
                {e.actor
                  ? ` · ${e.actor.kind === 'token' ? e.actor.name : t('backoffice.orders.history.by', { name: e.actor.name })}`
                  : ''}
              </Text>
              {detail(e).length ? (
                <Text size="xs">
                  {detail(e).map((d, j) => (
                    <span key={j}>
                      {j > 0 ? ' · ' : ''}
                      <Ltr>{d}</Ltr>
                    </span>
                  ))}
                </Text>
              ) : null}
              <Changes before={e.before} after={e.after} />
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
    </Section>
  );
}

/** What a staff change changed, field by field: before → after (the direction of the page's language). */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const { t, i18n } = useTranslation();
  const changes = changedFields(before, after);
  if (changes.length === 0) return null;
  const arrow = i18n.dir() === 'rtl' ? '←' : '→';
  // A message's channel and delivery are shown in words; names, addresses and numbers as they are.
  const word: Record<string, string> = { channel: 'staff.channel', status: 'staff.status' };
  const text = (field: string, v: unknown) => {
    if (v === undefined || v === null) return t('backoffice.audit.empty');
    if (typeof v !== 'string') return JSON.stringify(v);
    return word[field] ? t(`${word[field]}.${v}`, { defaultValue: v }) : v;
  };
  return (
    <Stack gap={0} component="ul" m={0} ps="md" data-testid="order-history-changes">
      {changes.map((c) => (
        <Text component="li" size="xs" key={c.field} style={{ overflowWrap: 'anywhere' }}>
          {c.field ? `${t(`backoffice.orders.history.fields.${c.field}`, { defaultValue: c.field })}: ` : ''}
          <bdi>{text(c.field, c.before)}</bdi> {arrow} <bdi>{text(c.field, c.after)}</bdi>
        </Text>
      ))}
    </Stack>
  );
}
