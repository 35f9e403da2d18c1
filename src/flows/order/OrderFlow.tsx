import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { CartConflict } from './CartConflict.tsx';
import { OrderHeader } from './OrderHeader.tsx';
import { SeatsStepView } from './SeatsStepView.tsx';
import { deriveOrder } from './selectors.ts';
import { createOrderStore, type OrderSnapshot } from './store.ts';
import { TimeUpDialog } from './TimeUpDialog.tsx';
import { IdlePrompt } from './IdlePrompt.tsx';
import { showToast } from '../../ui/toast/toasts.ts';
import { useStepTimer } from './useStepTimer.ts';

// The steps after the seats load with their step (or once a seat is held), not with the seat map.
const loadTickets = () => import('./TicketsStepView.tsx');
const loadProducts = () => import('./ProductsStepView.tsx');
const loadPayment = () => import('./PaymentStepView.tsx');
const loadConfirmation = () => import('../checkout/Confirmation.tsx');
const TicketsStepView = lazy(() => loadTickets().then((m) => ({ default: m.TicketsStepView })));
const ProductsStepView = lazy(() => loadProducts().then((m) => ({ default: m.ProductsStepView })));
const PaymentStepView = lazy(() => loadPayment().then((m) => ({ default: m.PaymentStepView })));
const Confirmation = lazy(() => loadConfirmation().then((m) => ({ default: m.Confirmation })));
const preloadLaterSteps = () =>
  Promise.all([loadTickets(), loadProducts(), loadPayment(), loadConfirmation()]);

interface Props {
  presentation: Presentation;
  ticketGroups: TicketGroup[];
  settings: Settings;
}

/**
 * The order flow of spec section 2: choose seats → ticket types → products → customer info and
 * payment → confirmation. The state and the customer's intents live in a store of this flow
 * instance (store.ts); the countdown in useStepTimer; each step is its own view.
 */
export function OrderFlow({ presentation, ticketGroups, settings }: Props) {
  // One store per flow: the page mounts a new OrderFlow (key) for another presentation.
  const [store] = useState(() => createOrderStore(presentation, ticketGroups, settings));
  // A snapshot is deeply frozen; the cast only drops valtio's deep-readonly types for the views.
  const s = useSnapshot(store.state) as OrderSnapshot;
  const c = useSnapshot(store.checkout.state);
  // While a payment is under way the box office keeps the seats: the step's clock does not run out.
  const paying = c.paying || c.redirecting || c.action !== null;
  const remaining = useStepTimer({ ...s, paying }, store.presentation.lockTimer, store.timeUp);
  useEffect(() => {
    // The flow joins the cart in a task of its own: what that changes (the header's cart) is drawn
    // apart from the flow's first commit, not as one long task with it (issue 41).
    const timer = setTimeout(() => store.start(), 0);
    return () => clearTimeout(timer);
  }, [store]);
  const holdsSeats = s.seats.length > 0 || s.step !== 'seats';
  useEffect(() => {
    if (holdsSeats) void preloadLaterSteps().catch(() => undefined); // the step itself retries
  }, [holdsSeats]);
  const d = deriveOrder(s, store.presentation, store.settings);

  if (s.cartConflict)
    return (
      <CartConflict code={s.cartConflict.code} onRemoveOthers={() => void store.resolveCartConflict()} />
    );

  return (
    <Stack gap="md" data-testid="order-flow" data-step={s.step}>
      <OrderHeader
        settings={store.settings}
        step={s.step}
        remaining={remaining}
        notice={s.notice}
        onDismissNotice={store.dismissNotice}
      />
      {s.step === 'seats' ? <SeatsStepView store={store} s={s} d={d} /> : null}
      <Suspense fallback={<Skeleton h={240} />}>
        {s.step === 'tickets' ? <TicketsStepView store={store} s={s} d={d} /> : null}
        {s.step === 'products' ? <ProductsStepView store={store} s={s} d={d} /> : null}
        {s.step === 'payment' ? <PaymentStepView store={store} s={s} d={d} /> : null}
        {s.step === 'confirmation' && s.answer ? <Confirmation answer={s.answer} /> : null}
      </Suspense>
      <IdlePrompt active={s.step !== 'confirmation' && !s.timedOut && !paying} />
      <TimeUpDialog
        opened={s.timedOut}
        extended={s.extended}
        onStartOver={() => void store.startOver({ key: 'order.seatsReleased' })}
        onExtend={() =>
          void store.extendHold().then(() => {
            if (store.state.extended) showToast({ key: 'order.timeExtended', color: 'teal' });
          })
        }
      />
    </Stack>
  );
}
