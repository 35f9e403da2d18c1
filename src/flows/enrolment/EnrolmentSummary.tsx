import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { useShowTime } from '../../ui/useShowTime.ts';
import { PurchaseSummary } from '../checkout/PurchaseSummary.tsx';
import type { EnrolmentStore } from './store.ts';

/** The enrolment: each concert with its seat and price, and the total. */
export function EnrolmentSummary({ store }: { store: EnrolmentStore }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = useShowTime();
  const e = useSnapshot(store.e);
  const quote = store.quote();
  const m = store.m;
  const lines = store.presentations().map((pi) => {
    const p = m.Presentations.find((x) => x.PresentationId === pi)!;
    const s = e.selections.find((x) => x.presentationId === pi);
    return {
      key: `p${pi}`,
      label: pickText(p.title, locale),
      detail: [when.dateTime(p.startsAt), s ? t('enrolment.seatName', s.names) : '']
        .filter(Boolean)
        .join(' · '),
      amount: quote?.perPresentation.find((q) => q.presentationId === pi)?.price ?? 0,
    };
  });
  return <PurchaseSummary lines={lines} total={store.quote()?.total ?? 0} />;
}
