import { Anchor, Badge, Button, Checkbox, Divider, Group, Modal, Popover, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { pickText } from '../i18n/format.ts';
import { orderPath } from '../routing/paths.ts';
import { cart, removePresentation, resetCart } from '../state/cart.ts';
import { purchase } from '../state/purchase.ts';
import { useLocale } from '../ui/useLocale.ts';
import { useShowTime } from '../ui/useShowTime.ts';
import { PurchaseCartSection, purchaseCount } from './PurchaseCartSection.tsx';
import { CartIcon, headerButton } from './HeaderIcons.tsx';

/**
 * The cart in the header: the presentations whose seats the customer holds, a way back to each, and
 * the 'remove presentation from cart' dialog, which releases its seats (spec sections 2 and 4); and the
 * current voucher or donation cart (PurchaseCartSection). Its own chunk (Popover and Modal bring
 * floating-ui and react-remove-scroll): CartMenu.tsx loads it once the cart holds something.
 */
export default function CartMenuPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  const snap = useSnapshot(cart);
  const bought = useSnapshot(purchase);
  const { pathname } = useLocation();
  const [removing, setRemoving] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [emptying, setEmptying] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [forgetDetails, setForgetDetails] = useState(false);
  const navigate = useNavigate();
  const entries = snap.presentations.filter((e) => e.seats.length > 0);
  const others = purchaseCount(bought as typeof purchase);
  if (entries.length === 0 && others === 0) return null;
  const seats = entries.reduce((n, e) => n + e.seats.length, 0);
  const titleOf = (id: number) => {
    const info = snap.info[id];
    return info ? pickText(info.title, locale) : String(id);
  };
  return (
    <>
      <Popover
        position="bottom-end"
        withArrow
        shadow="md"
        width={320}
        opened={menuOpen}
        onChange={setMenuOpen}
      >
        <Popover.Target>
          <Button
            variant="light"
            size="compact-md"
            data-testid="cart-button"
            className={headerButton.cart}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <CartIcon />
            <span className={headerButton.label}>{t('cart.button')}</span>
            <Badge ms={6} size="sm" circle>
              {seats + others}
            </Badge>
          </Button>
        </Popover.Target>
        <Popover.Dropdown data-testid="cart-menu">
          <Stack gap="sm">
            <PurchaseCartSection onNavigate={() => setMenuOpen(false)} />
            {others > 0 && entries.length > 0 ? <Divider /> : null}
            {entries.map((e) => {
              const info = snap.info[e.presentationId];
              const here = pathname.replace(/\/$/, '') === orderPath(e.presentationId);
              return (
                <Stack key={e.presentationId} gap={2}>
                  <Text fw={600} size="sm">
                    {titleOf(e.presentationId)}
                  </Text>
                  {info ? (
                    <Text size="xs" c="dimmed">
                      {when.dateTime(info.dateTime)}
                    </Text>
                  ) : null}
                  <Group justify="space-between">
                    <Text size="xs">{t('cart.seats', { count: e.seats.length })}</Text>
                    {here ? (
                      <Text size="xs" c="dimmed">
                        {t('cart.thisPage')}
                      </Text>
                    ) : (
                      <Group gap="xs">
                        <Anchor component={Link} to={orderPath(e.presentationId)} size="xs">
                          {t('cart.continue')}
                        </Anchor>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => {
                            setMenuOpen(false);
                            setRemoving(e.presentationId);
                          }}
                        >
                          {t('cart.remove')}
                        </Button>
                      </Group>
                    )}
                  </Group>
                </Stack>
              );
            })}
            {entries.length > 0 ? <Divider /> : null}
            {entries.length > 0 ? (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                data-testid="empty-cart"
                onClick={() => {
                  setMenuOpen(false);
                  setEmptying(true);
                }}
              >
                {t('cart.empty')}
              </Button>
            ) : null}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('cart.removeTitle')}
        centered
      >
        <Stack>
          <Text>{t('cart.removeText', { title: removing === null ? '' : titleOf(removing) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('cart.keep')}
            </Button>
            <Button
              color="red"
              loading={busy}
              data-testid="confirm-remove"
              onClick={() => {
                if (removing === null) return;
                setBusy(true);
                void removePresentation(removing).finally(() => {
                  setBusy(false);
                  setRemoving(null);
                });
              }}
            >
              {t('cart.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={emptying} onClose={() => setEmptying(false)} title={t('cart.emptyTitle')} centered>
        <Stack>
          <Text>{t('cart.emptyText')}</Text>
          <Checkbox
            label={t('cart.forgetDetails')}
            checked={forgetDetails}
            onChange={(e) => setForgetDetails(e.currentTarget.checked)}
            data-testid="forget-details"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEmptying(false)}>
              {t('cart.keep')}
            </Button>
            <Button
              color="red"
              loading={busy}
              data-testid="confirm-empty"
              onClick={() => {
                setBusy(true);
                void resetCart({ keepCustomerInfo: !forgetDetails }).finally(() => {
                  setBusy(false);
                  setEmptying(false);
                  // An order page of an emptied presentation would show seats that are gone.
                  if (pathname.startsWith('/order/')) void navigate('/');
                });
              }}
            >
              {t('cart.emptyConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
