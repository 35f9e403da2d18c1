import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SeatDescription } from '../../seatmap/index.ts';
import type { Confirm } from '../../../workers/seatplan/rules.ts';

/** A swap the rules allow: the seat given up (with its sofa: `release`) and the one taken (`take`). */
export interface SwapOffer {
  from: SeatDescription;
  to: SeatDescription;
  release: number[];
  take: number[];
  /** Confirmations the new seat needs (wheelchair space, limited view): given by accepting the swap. */
  confirm: Confirm[];
}

interface Props {
  offer: SwapOffer | null;
  maxSeats: number;
  onAccept: (offer: SwapOffer) => void;
  onCancel: () => void;
}

/** At the seat cap a click on a free seat offers to swap the seat chosen last for it. */
export function SwapDialog({ offer, maxSeats, onAccept, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={offer !== null} onClose={onCancel} title={t('order.swapTitle')} centered>
      {offer ? (
        <Stack gap="md" data-testid="swap-dialog">
          <Text>
            {t('order.swapOffer', {
              maxSeats,
              fromRow: offer.from.row,
              fromSeat: offer.from.seat,
              toRow: offer.to.row,
              toSeat: offer.to.seat,
            })}
          </Text>
          {offer.confirm.length ? (
            <List>
              {offer.confirm.map((c) => (
                <List.Item key={c}>
                  <Text>{t(`seatmap.confirm.${c}`)}</Text>
                </List.Item>
              ))}
            </List>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('order.swapKeep')}
            </Button>
            <Button onClick={() => onAccept(offer)} data-testid="accept-swap">
              {t('order.swapAccept')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
