import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { pickText } from '../../i18n/format.ts';
import { purchase } from '../../state/purchase.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { PurchaseSummary } from '../checkout/PurchaseSummary.tsx';
import { lineAmount } from './rules.ts';
import type { MembershipStore } from './store.ts';

/** The memberships chosen, each with its price (less its discount) and seat, and the total. */
export function MembershipSummary({ store }: { store: MembershipStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  useSnapshot(purchase);
  const lines = store.lines().map((l, i) => ({
    key: `m${i}`,
    label: pickText(l.name, locale),
    detail: [
      pickText(l.priceName, locale),
      l.memberNumber ? t('memberships.memberNumber', { number: l.memberNumber }) : '',
      l.seat ? l.seat.label : '',
    ]
      .filter(Boolean)
      .join(' · '),
    amount: lineAmount(store.priceOf(l), l.price),
  }));
  return <PurchaseSummary lines={lines} total={store.total()} currency={store.currency()} />;
}
