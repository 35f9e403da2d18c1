import { Button, CloseButton, Group, Paper, Stack, Text, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SeatDescription } from '../../seatmap/index.ts';
import { seatPlaceText } from '../../domain/seatPlace.ts';
import { useTranslate } from '../../ui/useTranslate.ts';

/**
 * What the seat step says about the selection, drawn over the top of the map (never above it, where it
 * would push the map down under the customer's finger): a refusal or an auto-select remark, and the
 * seats the selection would leave alone with the nearest valid choices (take them too, or move).
 */
export interface SeatAdviceView {
  stranded: SeatDescription[];
  /** Take these seats as well. */
  fill: SeatDescription[] | null;
  /** Move to these seats (index lists for the box office calls, descriptions for the text). */
  move: { take: number[]; release: number[]; seats: SeatDescription[] } | null;
}

export interface SeatNoticeProps {
  message: string | null;
  /** Seats the shop just chose for the customer (ringed on the map). */
  picked: SeatDescription[] | null;
  advice: SeatAdviceView | null;
  busy: boolean;
  onClose: () => void;
  onFill: () => void;
  onMove: () => void;
}

/** A choice's button: long seat names wrap instead of being cut off (a phone is narrow); 44 px to tap. */
const BUTTON = {
  size: 'sm',
  h: 'auto',
  mih: 44,
  py: 6,
  styles: { label: { whiteSpace: 'normal' as const, textAlign: 'start' as const } },
} as const;

export function SeatNotice(props: SeatNoticeProps) {
  const { t } = useTranslation();
  const tr = useTranslate();
  const { dir } = useDirection();
  const { message, advice } = props;
  const stranded = advice && advice.stranded.length > 0 ? advice : null;
  const picked = props.picked && props.picked.length > 0 ? props.picked : null;
  if (!message && !stranded && !picked) return null;
  return (
    <Paper
      dir={dir}
      shadow="md"
      withBorder
      p="xs"
      role={message || stranded ? 'alert' : 'status'}
      data-testid="seat-notice"
      pos="absolute"
      top={8}
      left={8}
      right={8}
      style={{
        zIndex: 4,
        borderColor: `var(--mantine-color-${message || stranded ? 'orange' : 'green'}-5)`,
        maxWidth: 560,
        marginInline: 'auto',
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          {message ? (
            <Text size="sm" data-testid="seat-message">
              {message}
            </Text>
          ) : null}
          {picked ? (
            <Text size="sm" data-testid="seats-picked">
              {t('order.advice.picked', { seats: seatPlaceText(tr, picked) })}
            </Text>
          ) : null}
          {stranded ? (
            <>
              <Text size="sm" data-testid="seat-stranded">
                {t('order.advice.stranded', {
                  count: stranded.stranded.length,
                  seats: seatPlaceText(tr, stranded.stranded),
                })}
              </Text>
              <Group gap="xs" wrap="wrap">
                {stranded.fill ? (
                  <Button
                    {...BUTTON}
                    variant="filled"
                    color="orange"
                    disabled={props.busy}
                    onClick={props.onFill}
                    data-testid="advice-fill"
                  >
                    {t('order.advice.fill', {
                      count: stranded.fill.length,
                      seats: seatPlaceText(tr, stranded.fill),
                    })}
                  </Button>
                ) : null}
                {stranded.move ? (
                  <Button
                    {...BUTTON}
                    variant="light"
                    color="orange"
                    disabled={props.busy}
                    onClick={props.onMove}
                    data-testid="advice-move"
                  >
                    {t('order.advice.move', { seats: seatPlaceText(tr, stranded.move.seats) })}
                  </Button>
                ) : null}
              </Group>
            </>
          ) : null}
        </Stack>
        <CloseButton size="lg" aria-label={t('common.close')} onClick={props.onClose} />
      </Group>
    </Paper>
  );
}
