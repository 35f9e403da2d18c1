import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { formatLongDate, formatPrice, pickText } from '../../i18n/format.ts';
import { purchase } from '../../state/purchase.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { PurchaseSummary } from '../checkout/PurchaseSummary.tsx';
import type { VoucherStore } from './store.ts';

/** The vouchers and products chosen, each with its price, and the total. */
export function VoucherSummary({ store }: { store: VoucherStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  useSnapshot(purchase);
  const lines = [
    ...store.lines().map((l) => ({
      key: `v${l.offerId}`,
      label: `${pickText(l.name, locale)} × ${l.quantity}`,
      detail: [
        l.unitPrice !== null ? t('vouchers.each', { price: formatPrice(l.unitPrice, locale) }) : '',
        l.date ? formatLongDate(l.date, locale) : '',
      ]
        .filter(Boolean)
        .join(' · '),
      amount: (l.unitPrice ?? 0) * l.quantity,
    })),
    ...store.chosenProducts().map((p) => ({
      key: `p${p.id}`,
      label: `${pickText(p.name, locale)} × ${p.quantity}`,
      amount: p.price * p.quantity,
    })),
  ];
  return <PurchaseSummary lines={lines} total={store.total()} />;
}
