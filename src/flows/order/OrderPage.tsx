import { Alert, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { ApiCallError } from '../../api/client.ts';
import { parseDecimalId } from '../../api/contract/constants.ts';
import { api } from '../../api/endpoints.ts';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { useAsync } from '../../ui/useAsync.ts';
import { orderKey } from '../../ssr/pageData.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { AboutFeature } from './AboutFeature.tsx';
import { PresentationHeader } from './PresentationHeader.tsx';
import { PriceList } from './PriceList.tsx';
import { LocationOffline } from './LocationOffline.tsx';
import { OrderFlow } from './OrderFlow.tsx';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session.ts';
import { vodPath } from '../../routing/paths.ts';
import { customerState } from '../../state/customer.ts';
import { cart } from '../../state/cart.ts';
import { LoginRequired } from '../../ui/login/LoginRequired.tsx';
import type { Settings } from '../../api/contract/session.ts';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { QueueGate } from './waitingRoom/QueueGate.tsx';
import { useQueue } from './waitingRoom/useQueue.ts';

/**
 * /order/{presentationId}: the presentation and its order flow, or why it cannot be bought
 * (unknown presentation, sale not begun, sale ended).
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { settings } = useSnapshot(session);
  const account = useSnapshot(customerState);
  const shopCart = useSnapshot(cart);
  const { presentationId } = useParams();
  // As the box office reads it: '0x10' or '16.0' is no presentation (the page answers 404 too).
  const id = parseDecimalId(presentationId ?? '') ?? 0;
  const valid = id > 0;
  // A visitor let in from a waiting room that opened with the sale reads the presentation again.
  const [attempt, setAttempt] = useState(0);
  const notStarted = useRef(false);
  // The sale's waiting room (issue 40), asked as the page opens, beside the presentation.
  const gate = useQueue(id, valid, () => {
    if (notStarted.current) setAttempt((a) => a + 1);
  });
  const state = useAsync(
    async (signal) => {
      const [presentation, prices] = await Promise.all([
        api.presentation(id, signal),
        api.ticketGroups(id, signal),
      ]);
      return { presentation, prices };
      // The box office draws the page with both (server/http/seo/drawnPages.ts): hydration asks for nothing.
    },
    attempt === 0 ? orderKey(id) : `${orderKey(id)}~${attempt}`,
  );
  // The flow (its seat map, steps and dialogs) is the page's biggest render: it is drawn as a deferred
  // render, which yields to the browser every few milliseconds, not inside the short update that said who
  // is logged in and what the cart holds (one task of 80–150 ms on a desktop before, issue 41).
  const flowReady = useDeferredValue(account.checked && shopCart.restored);
  useEffect(() => {
    notStarted.current =
      state.status === 'error' &&
      state.error instanceof ApiCallError &&
      state.error.code === 'sale_not_started';
  });

  if (!valid) return <NotFoundPage />;
  if (state.status === 'loading') return <Skeleton height={220} radius="md" aria-busy="true" />;
  if (state.status === 'error') {
    const err = state.error;
    if (err instanceof ApiCallError && err.code === 'event_not_found') return <NotFoundPage />;
    if (err instanceof ApiCallError && err.code === 'location_offline') return <LocationOffline />;
    if (err instanceof ApiCallError && (err.code === 'sale_not_started' || err.code === 'sale_ended')) {
      const when = err.params?.saleStart ?? err.params?.saleEnd;
      const message = (
        <Alert color="orange" title={t('order.cannotBuy')} data-testid="sale-window-message">
          {err.code === 'sale_not_started' && typeof when === 'string'
            ? t('errors.sale_not_started_at', { date: formatDateTime(when, locale) })
            : t(`errors.${err.code}`)}
        </Alert>
      );
      // Before the opening, a sale with a waiting room already gives places (drawn at the opening).
      return err.code === 'sale_not_started' ? (
        <QueueGate gate={gate} whileChecking={message}>
          {message}
        </QueueGate>
      ) : (
        message
      );
    }
    return (
      <Alert color="red" title={t('errors.errorOccurred')} role="alert">
        {t(`errors.${err instanceof ApiCallError ? err.code : 'fetch_data_error'}`, {
          defaultValue: t('errors.generic'),
        })}
      </Alert>
    );
  }
  // A video on demand is ordered (and watched) on its own page.
  if (state.data.presentation.isVod) return <Navigate to={vodPath(id)} replace />;
  return (
    <Stack gap="lg">
      <PresentationHeader presentation={state.data.presentation} />
      {state.data.presentation.locationOffline ? (
        <LocationOffline />
      ) : settings?.authRequired && !account.customer ? (
        // The venue sells to logged-in customers only (settings: authRequired); the box office agrees.
        account.checked ? (
          <LoginRequired
            title={t('order.loginRequiredTitle')}
            text={t('order.loginRequired')}
            testId="login-required"
          />
        ) : (
          <Skeleton height={220} radius="md" aria-busy="true" />
        )
      ) : settings && !flowReady ? (
        // The flow's form starts with a logged-in customer's details, or those of the last order of
        // this visit (the cart's): it waits until the box office has said who is logged in and what the
        // cart holds (a reload on a busy machine answered the order before that).
        <Skeleton height={220} radius="md" aria-busy="true" />
      ) : settings ? (
        <QueueGate gate={gate}>
          <OrderFlow
            key={state.data.presentation.id}
            presentation={state.data.presentation}
            ticketGroups={state.data.prices.ticketGroups}
            settings={settings as Settings}
          />
        </QueueGate>
      ) : (
        <PriceList
          ticketGroups={state.data.prices.ticketGroups}
          serviceCharge={state.data.prices.serviceCharge}
        />
      )}
      {state.data.presentation.description ? (
        <AboutFeature description={state.data.presentation.description} />
      ) : null}
    </Stack>
  );
}
