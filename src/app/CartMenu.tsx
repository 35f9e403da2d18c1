import { Badge, Button } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { localeReady } from '../i18n/index.ts';
import { cart } from '../state/cart.ts';
import { purchase } from '../state/purchase.ts';
import { CartIcon, headerButton } from './HeaderIcons.tsx';
import { purchaseCount } from './PurchaseCartSection.tsx';

// The popover and its dialogs only load once the cart holds something (most first visits: never).
// Its dialogs show texts beyond the locale's core: it waits for the rest (src/i18n/localeParts.ts).
const CartMenuPanel = lazy(() =>
  Promise.all([import('./CartMenuPanel.tsx'), localeReady()]).then(([m]) => m),
);

/** The header's cart: nothing while it is empty, else the cart menu (CartMenuPanel). */
export function CartMenu() {
  const { t } = useTranslation();
  const snap = useSnapshot(cart);
  const bought = useSnapshot(purchase);
  const seats = snap.presentations.reduce((n, e) => n + e.seats.length, 0);
  const count = seats + purchaseCount(bought as typeof purchase);
  if (count === 0) return null;
  // While its chunk loads, the same button without its menu: the header does not shift.
  const placeholder = (
    <Button variant="light" size="compact-md" aria-busy="true" className={headerButton.cart}>
      <CartIcon />
      <span className={headerButton.label}>{t('cart.button')}</span>
      <Badge ms={6} size="sm" circle>
        {count}
      </Badge>
    </Button>
  );
  return (
    <Suspense fallback={placeholder}>
      <CartMenuPanel />
    </Suspense>
  );
}
