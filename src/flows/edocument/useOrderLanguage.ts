import { useDirection } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { Locale } from '../../api/contract/common.ts';
import { changeLocale, directionOf } from '../../i18n/index.ts';
import { session, setLocale } from '../../state/session.ts';

/**
 * A printable document speaks its order's language (the buyer's) unless its link names one: without
 * `?language=` the shop switches to the order's language, when the venue has it enabled.
 */
export function useOrderLanguage(orderLocale: Locale | null): void {
  const { search } = useLocation();
  const { setDirection } = useDirection();
  useEffect(() => {
    if (!orderLocale || new URLSearchParams(search).has('language')) return;
    if (orderLocale === session.locale || !session.settings?.locales.enabled.includes(orderLocale)) return;
    void changeLocale(orderLocale).then(() => {
      setLocale(orderLocale);
      setDirection(directionOf(orderLocale));
    });
  }, [orderLocale, search, setDirection]);
}
