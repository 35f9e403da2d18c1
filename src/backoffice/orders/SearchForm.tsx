import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../api/endpoints.ts';
import { pickText, formatTime } from '../../i18n/format.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { TOUCH_PX, touchInput } from '../ui/touch.ts';

/** The search's text and filters, as the search page's address carries them. */
export interface OrderFilters {
  q: string;
  date: string;
  presentationId: string;
}

const KEYS = ['q', 'date', 'presentationId'] as const;

/** The filters in a page's query (`?q=…&date=…&presentationId=…`; other parameters, the language, kept apart). */
export function filtersOf(search: string): OrderFilters {
  const p = new URLSearchParams(search);
  return { q: p.get('q') ?? '', date: p.get('date') ?? '', presentationId: p.get('presentationId') ?? '' };
}

/** The search page's address for these filters, keeping the page's other parameters (the language). */
export function searchPathOf(search: string, f: OrderFilters): string {
  const p = new URLSearchParams(search);
  for (const k of KEYS) {
    const v = f[k].trim();
    if (v) p.set(k, v);
    else p.delete(k);
  }
  const query = p.toString();
  return `/staff/orders${query ? `?${query}` : ''}`;
}

/**
 * The search field, made for a keyboard and a handheld scanner: it has the focus when the page opens,
 * Enter searches (a scanner types a ticket's QR code and presses Enter, and is ready for the next), and
 * the field is selected after each search so the next scan replaces it. A date narrows to that day's
 * shows, and then one show can be chosen. Searching always goes to the search page's address, so the
 * order page carries the same form and the browser's back button shows the previous results.
 */
export function SearchForm({ initial, autoFocus = true }: { initial: OrderFilters; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [f, setF] = useState(initial);
  const shows = useAsync(
    (signal) => (f.date ? api.presentations(f.date, signal) : Promise.resolve({ presentations: [] })),
    f.date,
  );
  const go = (next: OrderFilters) =>
    void navigate(searchPathOf(search, next), { state: { submitted: Date.now() } });
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        go(f);
        e.currentTarget.querySelector<HTMLInputElement>('input[name=q]')?.select();
      }}
      data-testid="orders-search-form"
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="q"
          type="search"
          label={t('backoffice.orders.search.label')}
          placeholder={t('backoffice.orders.search.placeholder')}
          value={f.q}
          onChange={(e) => setF({ ...f, q: e.currentTarget.value })}
          // The clerk's first act on this page is a scan or typing.
          autoFocus={autoFocus}
          autoComplete="off"
          spellCheck={false}
          styles={touchInput}
          style={{ flex: '1 1 320px' }}
          data-testid="orders-search-q"
        />
        <TextInput
          name="date"
          type="date"
          label={t('backoffice.orders.search.date')}
          value={f.date}
          onChange={(e) => {
            const date = e.currentTarget.value;
            setF({ ...f, date, presentationId: '' });
          }}
          styles={touchInput}
          w={{ base: '100%', xs: 180 }}
          data-testid="orders-search-date"
        />
        {f.date ? (
          <NativeSelect
            name="presentationId"
            label={t('backoffice.orders.search.show')}
            value={f.presentationId}
            onChange={(e) => setF({ ...f, presentationId: e.currentTarget.value })}
            data={[
              { value: '', label: t('backoffice.orders.search.anyShow') },
              ...(shows.data?.presentations ?? []).map((p) => ({
                value: String(p.id),
                label: `${formatTime(p.dateTime, locale)} ${pickText(p.title, locale)}`,
              })),
            ]}
            styles={touchInput}
            w={{ base: '100%', xs: 260 }}
            data-testid="orders-search-show"
          />
        ) : null}
        <Button type="submit" mih={TOUCH_PX} data-testid="orders-search-submit">
          {t('backoffice.orders.search.submit')}
        </Button>
      </Group>
    </form>
  );
}
