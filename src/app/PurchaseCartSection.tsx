import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { formatPrice, pickText } from '../i18n/format.ts';
import { paths } from '../routing/paths.ts';
import {
  chosenDonations,
  chosenProducts,
  chosenVouchers,
  clearPurchase,
  holds,
  purchase,
  type PurchaseCart,
} from '../state/purchase.ts';
import { useLocale } from '../ui/useLocale.ts';

/** How many things the current voucher or donation cart holds (for the header's badge). */
export function purchaseCount(c: PurchaseCart): number {
  if (holds(c, 'vouchers')) return chosenVouchers(c).reduce((n, l) => n + l.quantity, 0);
  if (holds(c, 'donations')) return chosenDonations(c).reduce((n, l) => n + l.quantity, 0);
  if (holds(c, 'memberships')) return c.memberships.length;
  return 0;
}

/**
 * The header cart's part for the current voucher or donation cart: its lines with their prices, the
 * way back to its flow, and removing it. Nothing while neither holds anything.
 */
export function PurchaseCartSection({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const snap = useSnapshot(purchase) as PurchaseCart;
  const { pathname } = useLocation();
  const kind = holds(snap, 'vouchers')
    ? 'vouchers'
    : holds(snap, 'donations')
      ? 'donations'
      : holds(snap, 'memberships')
        ? 'memberships'
        : null;
  if (!kind) return null;
  const lines =
    kind === 'vouchers'
      ? [
          ...chosenVouchers(snap).map((l) => ({
            key: `v${l.offerId}`,
            label: `${pickText(l.name, locale)} × ${l.quantity}`,
            amount: l.unitPrice === null ? null : l.unitPrice * l.quantity,
          })),
          ...chosenProducts(snap).map((p) => ({
            key: `p${p.id}`,
            label: `${pickText(p.name, locale)} × ${p.quantity}`,
            amount: p.price * p.quantity,
          })),
        ]
      : kind === 'memberships'
        ? snap.memberships.map((l, i) => ({
            key: `m${i}`,
            label: `${pickText(l.name, locale)} · ${pickText(l.priceName, locale)}`,
            amount: l.currencyCode === 'ILS' ? l.price : null,
          }))
        : chosenDonations(snap).map((l) => ({
            key: `d${l.fundId}`,
            label: l.quantity > 1 ? `${pickText(l.name, locale)} × ${l.quantity}` : pickText(l.name, locale),
            amount: l.amount === null ? null : l.amount * l.quantity,
          }));
  const path =
    kind === 'vouchers'
      ? paths.digital
      : kind === 'memberships'
        ? `${paths.membership}/${encodeURIComponent(snap.memberships[0]?.code ?? '')}`
        : paths.donations;
  const here = pathname.replace(/\/$/, '') === path;
  return (
    <Stack gap={4} data-testid={`cart-${kind}`}>
      <Text fw={600} size="sm">
        {t(`${kind}.cartTitle`)}
      </Text>
      {lines.map((l) => (
        <Group key={l.key} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="xs">{l.label}</Text>
          {l.amount !== null ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatPrice(l.amount, locale)}
            </Text>
          ) : null}
        </Group>
      ))}
      <Group justify="flex-end" gap="xs">
        {here ? (
          <Text size="xs" c="dimmed">
            {t('cart.thisPage')}
          </Text>
        ) : (
          <Anchor component={Link} to={path} size="xs" onClick={onNavigate}>
            {t('cart.continue')}
          </Anchor>
        )}
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          data-testid={`remove-${kind}`}
          onClick={() => clearPurchase(kind)}
        >
          {t('cart.remove')}
        </Button>
      </Group>
    </Stack>
  );
}
