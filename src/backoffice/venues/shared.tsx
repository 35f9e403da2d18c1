import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { LocalizedText } from '../../api/contract/common.ts';
import { supportedLocales } from '../../api/contract/constants.ts';
import { pickText } from '../../i18n/format.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX } from '../ui/touch.ts';

/**
 * The venues tab's addresses: `/staff/venues` (the list), `…/new`, `…/<venueId>`, `…/halls/<hallId>`,
 * `…/plans/<seatplanId>`. The query (the language) stays on every link, as the tabs keep it.
 */
export const venuesPath = {
  list: () => '/staff/venues',
  newVenue: () => '/staff/venues/new',
  venue: (id: number) => `/staff/venues/${id}`,
  hall: (id: number) => `/staff/venues/halls/${id}`,
  plan: (id: number) => `/staff/venues/plans/${id}`,
};

/** A path of the tab with the page's query kept. */
export function useVenuesLink(): (path: string) => string {
  const { search } = useLocation();
  return (path) => `${path}${search}`;
}

/** A localized name in the staff member's language, or the first there is. */
export function useName(): (text: LocalizedText) => string {
  const locale = useLocale();
  return (text) => pickText(text, locale) || Object.values(text).find(Boolean) || '';
}

/** A name per locale with the empty ones left out (the box office wants at least one). */
export function trimmedNames(names: LocalizedText): LocalizedText {
  const out: LocalizedText = {};
  for (const l of supportedLocales) {
    const v = names[l]?.trim();
    if (v) out[l] = v;
  }
  return out;
}

export interface Crumb {
  label: string;
  to?: string;
}

/** Where a page is in the tab: venues › venue › hall › version; each but the last a link back. */
export function Crumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation();
  const link = useVenuesLink();
  const all: Crumb[] = [{ label: t('backoffice.venues.title'), to: venuesPath.list() }, ...items];
  return (
    <nav aria-label={t('backoffice.venues.whereAmI')}>
      <Breadcrumbs
        separatorMargin={6}
        style={{ flexWrap: 'wrap', rowGap: 0, alignItems: 'center' }}
        data-testid="venues-crumbs"
      >
        {all.map((c, i) =>
          c.to && i < all.length - 1 ? (
            <Anchor key={i} component={Link} to={link(c.to)} size="sm" lh={`${TOUCH_PX}px`}>
              {c.label}
            </Anchor>
          ) : (
            <Text key={i} size="sm" c="dimmed" lh={`${TOUCH_PX}px`} aria-current="page">
              {c.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

interface Loaded<T> {
  key: string;
  data: T | null;
  error: unknown;
}

/**
 * Loads what a page shows for `key` (an id), and again on `reload()`, keeping what it showed meanwhile
 * (no skeleton after every change); `set` puts in an answer that came with a change (an edited plan).
 * Another key shows nothing until its own answer comes.
 */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const [state, setState] = useState<Loaded<T>>({ key: '', data: null, error: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    load(ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ key, data, error: null }),
      (error: unknown) =>
        !ctrl.signal.aborted && setState((s) => ({ key, data: s.key === key ? s.data : null, error })),
    );
    return () => ctrl.abort();
    // `load` is re-created every render; `key` and `round` say when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const mine = state.key === key;
  return {
    data: mine ? state.data : null,
    error: mine ? state.error : null,
    reload: useCallback(() => setRound((r) => r + 1), []),
    set: useCallback((data: T) => setState({ key, data, error: null }), [key]),
  };
}
