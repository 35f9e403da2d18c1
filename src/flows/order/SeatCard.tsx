import { Button, CloseButton, Group, Paper, Stack, Text, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { seatText } from '../../domain/seatPlace.ts';
import type { SeatDescription } from '../../seatmap/index.ts';
import { useTranslate } from '../../ui/useTranslate.ts';

/** A seat tapped on a phone's map, with what the card says besides its description. */
export interface TappedSeat {
  seat: SeatDescription;
  /** The price of its level, as shown, when known. */
  price: string | null;
  /** A warning (taking it would leave a neighbour alone), or null. */
  note: string | null;
}

/**
 * On a phone a tap on the map does not take a seat at once: a finger is not a pointer, and the customer
 * could not see which seat it hit or what it costs (a desktop shows that on hover). The card at the
 * bottom of the map says the seat's section, row and number, its kind and price, and takes or releases it
 * with a 44-pixel button; a tap on another seat shows that one instead.
 */
export function SeatCard(props: {
  tapped: TappedSeat;
  busy: boolean;
  onTake: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tr = useTranslate();
  const { dir } = useDirection();
  const { seat, price, note } = props.tapped;
  const mine = seat.kind === 'selected';
  const free = seat.kind !== 'taken' && !mine;
  return (
    <Paper
      dir={dir}
      shadow="md"
      withBorder
      p="xs"
      pos="absolute"
      bottom={8}
      left={8}
      right={8}
      style={{ zIndex: 4, maxWidth: 480, marginInline: 'auto' }}
      data-testid="seat-card"
      aria-live="polite"
    >
      <Group wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} size="sm" data-testid="seat-card-title">
            {seatText(tr, seat)}
          </Text>
          <Text size="sm" c="dimmed">
            {t(`seatmap.kind.${seat.kind}`)}
            {price ? ` · ${price}` : ''}
          </Text>
          {note && free ? (
            <Text size="sm" c="orange.8" fw={600}>
              {note}
            </Text>
          ) : null}
        </Stack>
        <CloseButton size="lg" aria-label={t('common.close')} onClick={props.onClose} />
      </Group>
      {seat.kind === 'taken' ? null : (
        <Button
          fullWidth
          mt="xs"
          h={44}
          variant={mine ? 'light' : 'filled'}
          disabled={props.busy}
          onClick={props.onTake}
          data-testid="seat-card-action"
        >
          {mine ? t('order.seatCard.release') : t('order.seatCard.take')}
        </Button>
      )}
    </Paper>
  );
}
