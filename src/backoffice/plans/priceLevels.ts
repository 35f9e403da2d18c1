import { useTranslation } from 'react-i18next';
import { useLoaded, useName } from '../venues/shared.tsx';
import { plansApi } from './api.ts';

export interface PriceLevelNames {
  /** Every price level the venue has, in order. */
  ids: number[];
  /** A price level's name in the staff member's language ("Price level 7" for one the venue lacks). */
  label(id: number): string;
}

/** The venue's price levels, by name, for the plan screens (loaded once per screen). */
export function usePriceLevels(): PriceLevelNames {
  const { t } = useTranslation();
  const name = useName();
  const loaded = useLoaded((signal) => plansApi.priceLevels(signal), 'price-levels');
  const levels = loaded.data?.priceLevels ?? [];
  const byId = new Map(levels.map((l) => [l.id, name(l.name)]));
  return {
    ids: levels.map((l) => l.id),
    label: (id) => byId.get(id) || t('backoffice.plans.priceLevel', { id }),
  };
}
