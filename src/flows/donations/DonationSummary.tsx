import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { purchase } from '../../state/purchase.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { PurchaseSummary } from '../checkout/PurchaseSummary.tsx';
import type { DonationStore } from './store.ts';

/** The donations chosen, each with its amount, and the total. */
export function DonationSummary({ store }: { store: DonationStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  useSnapshot(purchase);
  const lines = store.lines().map((l) => ({
    key: `d${l.fundId}`,
    label: l.quantity > 1 ? `${pickText(l.name, locale)} × ${l.quantity}` : pickText(l.name, locale),
    detail: l.quantity > 1 ? t('donations.each', { amount: formatPrice(l.amount ?? 0, locale) }) : '',
    amount: (l.amount ?? 0) * l.quantity,
  }));
  return <PurchaseSummary lines={lines} total={store.total()} />;
}
