import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX } from '../ui/touch.ts';
import { type Paper, savedPaper, savePaper } from './print/paper.ts';
import { PrintView } from './print/PrintView.tsx';
import type { DoneSale } from './saleStore.ts';

/**
 * The sale made (issue 36): its reservation number and the change to hand back, shown big; the tickets
 * and the receipt printed with the browser's print (on the paper chosen here, remembered in this
 * browser); then the next customer, at the same show or another.
 */
export function DonePanel({
  done,
  onNext,
  onOtherShow,
}: {
  done: DoneSale;
  onNext(): void;
  onOtherShow(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [paper, setPaper] = useState<Paper>(savedPaper);
  const [printing, setPrinting] = useState<{ what: 'tickets' | 'receipt'; round: number } | null>(null);
  const { sale } = done;
  const print = (what: 'tickets' | 'receipt') => setPrinting((p) => ({ what, round: (p?.round ?? 0) + 1 }));

  return (
    <Card withBorder padding="lg" data-testid="counter-done">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t('backoffice.counter.sold')}
        </Title>
        <Group gap="xl" align="flex-end" wrap="wrap">
          <Stack gap={0}>
            <Text c="dimmed">{t('backoffice.counter.reservationNumber')}</Text>
            <Text fz={32} fw={800} dir="ltr" data-testid="counter-done-reservation">
              {sale.reservationIdentifier}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text c="dimmed">{t('backoffice.counter.changeDue')}</Text>
            <Text
              fz={48}
              fw={900}
              c={sale.change > 0 ? 'teal' : undefined}
              data-testid="counter-done-change"
              data-amount={sale.change}
            >
              {formatPrice(sale.change, locale)}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Button
            size="md"
            mih={TOUCH_PX}
            autoFocus
            onClick={() => print('tickets')}
            data-testid="counter-print-tickets"
          >
            {t('backoffice.counter.printTickets', { count: sale.order.tickets.length })}
          </Button>
          <Button
            size="md"
            mih={TOUCH_PX}
            variant="light"
            onClick={() => print('receipt')}
            data-testid="counter-print-receipt"
          >
            {t('backoffice.counter.printReceipt')}
          </Button>
          <SegmentedControl
            value={paper}
            onChange={(v) => {
              const next = v === 'receipt' ? 'receipt' : 'ticket';
              setPaper(next);
              savePaper(next);
            }}
            aria-label={t('backoffice.counter.paper')}
            data={[
              { value: 'ticket', label: t('backoffice.counter.paperTicket') },
              { value: 'receipt', label: t('backoffice.counter.paperReceipt') },
            ]}
            data-testid="counter-paper"
          />
        </Group>
        <Group gap="sm">
          <Button size="md" mih={TOUCH_PX} variant="default" onClick={onNext} data-testid="counter-next-sale">
            {t('backoffice.counter.nextSale')}
          </Button>
          <Button
            size="md"
            mih={TOUCH_PX}
            variant="subtle"
            onClick={onOtherShow}
            data-testid="counter-other-show"
          >
            {t('backoffice.counter.otherShow')}
          </Button>
        </Group>
      </Stack>
      {printing ? (
        <PrintView
          key={printing.round}
          done={done}
          what={printing.what}
          paper={paper}
          onReady={() => window.print()}
        />
      ) : null}
    </Card>
  );
}
