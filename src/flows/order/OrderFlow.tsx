import { Alert, Badge, Button, Grid, Group, Modal, Stack, Stepper, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiCallError } from '../../api/client.ts';
import type { CommitAnswer, CustomerInfo } from '../../api/contract/order.ts';
import type { Presentation, TicketGroup } from '../../api/contract/presentations.ts';
import type { Settings } from '../../api/contract/session.ts';
import { api } from '../../api/endpoints.ts';
import { validateCustomerInfo } from '../../domain/customer.ts';
import type { CustomerAccount } from '../../api/contract/customer.ts';
import { customerState } from '../../state/customer.ts';
import {
  allowedPayments,
  checkTickets,
  defaultTicket,
  priceOrder,
  ruleGroupsOf,
} from '../../domain/order/tickets.ts';
import { formatPrice, pickText } from '../../i18n/format.ts';
import { completeOrder, removePresentation, selectPresentation, updateSeats } from '../../state/cart.ts';
import { useLocale } from '../../ui/useLocale.ts';
import { CardForm, type CardErrors, type CardValue, cardErrors, emptyCard } from '../payment/CardForm.tsx';
import { CustomerForm } from '../payment/CustomerForm.tsx';
import { ConfirmationStep } from './ConfirmationStep.tsx';
import { errorText } from './errorText.ts';
import { GaStep } from './GaStep.tsx';
import { type HeldSeat, type OrderStepId, formatCountdown, orderSteps, stepSeconds } from './model.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { seatLabel } from './seatLabel.ts';
import { ProductStep } from './ProductStep.tsx';
import { lockSeatOf, SeatStep } from './SeatStep.tsx';
import { TicketStep } from './TicketStep.tsx';

/** When a step of `secs` seconds that starts now ends (epoch ms). */
function deadlineIn(secs: number): number {
  return Date.now() + secs * 1000;
}

interface Props {
  presentation: Presentation;
  ticketGroups: TicketGroup[];
  settings: Settings;
}

/**
 * The order flow of spec section 2: choose seats → ticket types → products → customer info and
 * payment → confirmation. Seats are held at the box office from the first click; each step counts
 * down from the presentation's lock timer, and a lapsed timer may be extended once.
 */
export function OrderFlow({ presentation: p, ticketGroups, settings }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [step, setStep] = useState<OrderStepId>('seats');
  const [seats, setSeats] = useState<HeldSeat[]>([]);
  const [groups, setGroups] = useState<TicketGroup[]>(ticketGroups);
  const [products, setProducts] = useState<Record<number, number>>({});
  // A logged-in customer's details fill the form (they may still change them for this order).
  const [customer, setCustomer] = useState<CustomerInfo>(() => ({
    ...detailsOf(customerState.customer),
    termsAccepted: settings.customerInfo.order.isTermsConfirmed,
    isMailingAllowed: settings.customerInfo.order.isDefaultMailingAllowed,
  }));
  const [card, setCard] = useState<CardValue>(emptyCard);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ form: Record<string, string>; card: CardErrors }>({
    form: {},
    card: {},
  });
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<CommitAnswer | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [cartError, setCartError] = useState<{ code: string; ids: number[] } | null>(null);
  const [cartAttempt, setCartAttempt] = useState(0);
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const [extended, setExtended] = useState(false);
  const attemptKey = useRef<string | null>(null);
  const flowTexts = settings.flows.order;

  const stepTitle = (id: OrderStepId) =>
    pickText(flowTexts?.steps?.[id] ?? {}, locale) || t(`order.steps.${id}`);

  // The presentation joins the cart (spec section 4 cart rules).
  useEffect(() => {
    void selectPresentation({
      presentationId: p.id,
      venueTypeId: p.venueTypeId,
      authProfileId: p.authProfileId,
      businessId: p.businessId,
      venueId: p.venueId,
      seatplanId: p.seatplanId,
      title: p.title,
      dateTime: p.dateTime,
    }).then((conflict) => {
      if (conflict)
        setCartError({ code: conflict.error, ids: conflict.conflicting.map((e) => e.presentationId) });
    });
  }, [p, t, cartAttempt]);

  useEffect(() => {
    updateSeats(
      p.id,
      seats.map((s) => ({ sectionId: s.sectionId, x: s.x, y: s.y })),
    );
  }, [p.id, seats]);

  // Step timer: starts when the customer holds seats, restarts on each step.
  const startStepTimer = (id: OrderStepId) => {
    const secs = stepSeconds(id, p.lockTimer);
    setDeadline(secs === null ? null : deadlineIn(secs));
  };
  const lockExpiry = seats.length ? Math.min(...seats.map((s) => s.expiresAt || Infinity)) : Infinity;
  const remaining = deadline === null ? null : Math.min(deadline, lockExpiry) - now;
  const timerState = useRef({ deadline, lockExpiry, active: false });
  useEffect(() => {
    timerState.current = {
      deadline,
      lockExpiry,
      active: seats.length > 0 && step !== 'confirmation' && !paying && !timedOut,
    };
  });
  useEffect(() => {
    const timer = window.setInterval(() => {
      const n = Date.now();
      setNow(n);
      const s = timerState.current;
      if (s.active && s.deadline !== null && Math.min(s.deadline, s.lockExpiry) - n <= 0) setTimedOut(true);
    }, 1000);
    return () => window.clearInterval(timer);
  }, []);

  const onHeld = (added: HeldSeat[]) => {
    setNotice(null);
    setSeats((current) => {
      const keys = new Set(current.map((s) => s.key));
      const withTickets = added
        .filter((s) => !keys.has(s.key))
        .map((s) => ({
          ...s,
          ticketId: defaultTicket(ruleGroupsOf(groups).find((g) => g.id === s.ticketGroup))?.id ?? null,
        }));
      return [...current, ...withTickets];
    });
    if (deadline === null) startStepTimer('seats');
  };
  const onReleased = (keys: string[]) => {
    setSeats((current) => {
      const next = current.filter((s) => !keys.includes(s.key));
      if (next.length === 0) setDeadline(null);
      return next;
    });
  };

  const startOver = async (why: string) => {
    await Promise.allSettled(seats.map((s) => api.unlockSeat(lockSeatOf(p, s))));
    setSeats([]);
    setProducts({});
    setDeadline(null);
    setTimedOut(false);
    setExtended(false);
    setStep('seats');
    setNotice(why);
  };

  const extend = async () => {
    try {
      const r = await api.extendLock(p.id);
      const until = Date.parse(r.expiresAt);
      setSeats((cur) => cur.map((s) => ({ ...s, expiresAt: until })));
      const secs = stepSeconds(step, p.lockTimer) ?? 0;
      setDeadline(Math.min(until, Date.now() + secs * 1000));
      setNow(Date.now());
      setExtended(true);
      setTimedOut(false);
    } catch (err) {
      await startOver(errorText(t, err));
    }
  };

  // Prices, from the box office's data (the box office recomputes them again on payment).
  const ruleGroups = useMemo(() => ruleGroupsOf(groups), [groups]);
  const chosen = seats.filter((s) => s.ticketId !== null);
  const productLines = p.products
    .filter((pr) => (products[pr.id] ?? 0) > 0)
    .map((pr) => ({ ...pr, quantity: products[pr.id]! }));
  const pricing = (() => {
    try {
      return priceOrder(
        ruleGroups,
        chosen.map((s) => ({ key: s.key, ticketGroupId: s.ticketGroup, ticketId: s.ticketId! })),
        p.serviceCharge.amount,
        productLines.map((l) => ({ price: l.price, quantity: l.quantity })),
      );
    } catch {
      return null;
    }
  })();
  const ticketProblems = checkTickets(
    ruleGroups,
    chosen.map((s) => ({ key: s.key, ticketGroupId: s.ticketGroup, ticketId: s.ticketId! })),
  );
  const maxPayments = allowedPayments(
    pricing?.total ?? 0,
    settings.payment.maxNumberOfPayments,
    settings.payment.minAmountPerPayment,
  );

  const ticketName = (id: number | null) => {
    for (const g of groups) {
      const tk = g.tickets.find((x) => x.id === id);
      if (tk) return pickText(tk.name, locale);
    }
    return '';
  };

  const go = async (next: OrderStepId) => {
    setPayError(null);
    if (next === 'tickets') {
      // Quotas and prices may have changed while seats were chosen: fetch them again.
      const fresh = await api.ticketGroups(p.id).catch(() => null);
      if (fresh) setGroups(fresh.ticketGroups);
    }
    setStep(next);
    if (next !== 'confirmation') startStepTimer(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const pay = async () => {
    const { fe, ce } = formCheck();
    setSubmitted(true);
    setServerErrors({ form: {}, card: {} });
    const total = pricing?.total ?? 0;
    if (Object.keys(fe).length || Object.keys(ce).length) {
      setPayError(
        fe.termsAccepted && Object.keys(fe).length === 1
          ? t('errors.terms_not_approved')
          : t('errors.formValidation'),
      );
      return;
    }
    setPaying(true);
    setPayError(null);
    // One key per attempt: a retried request (network) reuses it, a new attempt gets a new one.
    attemptKey.current ??= crypto.randomUUID();
    try {
      const result = await api.commit(
        {
          cart: {
            customerInfo: customer,
            ...(total > 0
              ? {
                  creditcardInfo: {
                    number: card.number.replace(/\s/g, ''),
                    expiry: card.expiry,
                    cvv: card.cvv,
                    holderId: card.holderId,
                  },
                }
              : {}),
            numberOfPayments: Math.min(card.numberOfPayments, maxPayments),
            authProfileId: p.authProfileId,
            businessId: p.businessId,
            seats: seats.map((s) => ({
              pi: p.id,
              si: s.sectionId,
              x: s.x,
              y: s.y,
              tg: s.ticketGroup,
              ticketId: s.ticketId!,
            })),
            products: productLines.map((l) => ({
              id: l.id,
              presentationId: p.id,
              selectedQuantity: l.quantity,
            })),
          },
          locale,
        },
        attemptKey.current,
      );
      attemptKey.current = null;
      setCard(emptyCard);
      setAnswer(result);
      completeOrder(p.id, result.reservationIdentifier);
      setSeats([]);
      setDeadline(null);
      setStep('confirmation');
      window.scrollTo({ top: 0 });
    } catch (err) {
      const code = err instanceof ApiCallError ? err.code : '';
      if (code !== 'fetch_data_error') attemptKey.current = null;
      if (code === 'lock_seat_error') {
        await startOver(t('order.seatsLapsed'));
      } else {
        setPayError(errorText(t, err));
        if (err instanceof ApiCallError && typeof err.params?.field === 'string') {
          const field = err.params.field;
          if (['number', 'expiry', 'cvv', 'holderId'].includes(field))
            setServerErrors({ form: {}, card: { [field]: code } });
          else setServerErrors({ form: { [field]: code }, card: {} });
        }
      }
    } finally {
      setPaying(false);
    }
  };

  // Field messages appear after the first attempt to pay and follow the customer's corrections.
  function formCheck() {
    const fe: Record<string, string> = {};
    for (const pr of validateCustomerInfo(settings.customerInfo.order, customer)) fe[pr.field] ??= pr.code;
    const ce: CardErrors = (pricing?.total ?? 0) > 0 ? cardErrors(card, new Date()) : {};
    return { fe, ce };
  }
  const shown = submitted ? formCheck() : { fe: {}, ce: {} };
  const formErrors = { ...shown.fe, ...serverErrors.form };
  const cardErrs = { ...shown.ce, ...serverErrors.card };

  const stepIndex = orderSteps.indexOf(step);
  const seatStepProps = {
    presentation: p,
    settings,
    seats,
    priceOf: (tg: number) => {
      const d = defaultTicket(ruleGroups.find((g) => g.id === tg));
      return d ? formatPrice(d.price, locale) : null;
    },
    onHeld,
    onReleased,
  };
  const summary = pricing ? (
    <OrderSummary
      seats={chosen.map((s, i) => ({
        label: seatLabel(t, s, p.isReserved),
        detail: ticketName(s.ticketId),
        amount: pricing.seats[i]?.price ?? 0,
      }))}
      products={productLines.map((l) => ({
        label: `${pickText(l.name, locale)} × ${l.quantity}`,
        amount: l.price * l.quantity,
      }))}
      serviceCharge={pricing.serviceCharge}
      serviceChargeLabel={p.serviceCharge.label}
      total={pricing.total}
    />
  ) : null;

  const nextButton = (label: string, target: OrderStepId, disabled: boolean) => (
    <Button onClick={() => void go(target)} disabled={disabled} data-testid="next-step">
      {label}
    </Button>
  );
  const backButton = (target: OrderStepId) => (
    <Button variant="default" onClick={() => void go(target)} disabled={paying}>
      {t('order.back')}
    </Button>
  );

  if (cartError)
    return (
      <Alert color="red" title={t('order.cannotAdd')} role="alert" data-testid="cart-conflict">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t(`errors.${cartError.code}`)}</Text>
          <Button
            size="xs"
            variant="white"
            color="red"
            onClick={() =>
              void Promise.all(cartError.ids.map((id) => removePresentation(id))).then(() => {
                setCartError(null);
                setCartAttempt((n) => n + 1);
              })
            }
          >
            {t('cart.removeOthers')}
          </Button>
        </Stack>
      </Alert>
    );

  return (
    <Stack gap="md" data-testid="order-flow" data-step={step}>
      {flowTexts?.title ? (
        <Title order={2} fz="h3">
          {pickText(flowTexts.title, locale)}
        </Title>
      ) : null}
      {flowTexts?.subtitle ? <Text c="dimmed">{pickText(flowTexts.subtitle, locale)}</Text> : null}
      <Stepper
        active={step === 'confirmation' ? orderSteps.length : stepIndex}
        size="sm"
        allowNextStepsSelect={false}
        aria-label={t('order.progress')}
      >
        {orderSteps.map((id) => (
          <Stepper.Step key={id} label={stepTitle(id)} />
        ))}
      </Stepper>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="h3" data-testid="step-title">
          {stepTitle(step)}
        </Title>
        {remaining !== null && seats.length > 0 && step !== 'confirmation' ? (
          <Badge
            size="lg"
            variant="light"
            color={remaining < 60_000 ? 'red' : 'violet'}
            data-testid="step-timer"
            aria-live={remaining < 60_000 ? 'polite' : 'off'}
          >
            {t('order.timeLeft', { time: formatCountdown(remaining) })}
          </Badge>
        ) : null}
      </Group>
      {notice ? (
        <Alert
          color="orange"
          role="alert"
          data-testid="flow-notice"
          withCloseButton
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      ) : null}

      {step === 'seats' ? (
        <Stack gap="md">
          {p.isReserved ? <SeatStep {...seatStepProps} /> : <GaStep {...seatStepProps} />}
          <Group justify="space-between">
            <Text data-testid="seats-chosen">
              {seats.length
                ? t('order.seatsChosen', {
                    count: seats.length,
                    seats: seats.map((s) => `${s.row}/${s.seat}`).join(', '),
                  })
                : t('order.noSeatsYet')}
            </Text>
            {nextButton(t('order.toTickets'), 'tickets', seats.length === 0)}
          </Group>
        </Stack>
      ) : null}

      {step === 'tickets' ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <TicketStep
              groups={groups}
              seats={seats}
              isReserved={p.isReserved}
              onChoose={(key, ticketId) =>
                setSeats((cur) => cur.map((s) => (s.key === key ? { ...s, ticketId } : s)))
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>{summary}</Grid.Col>
          <Grid.Col span={12}>
            <Group justify="space-between">
              {backButton('seats')}
              {nextButton(
                t('order.toProducts'),
                'products',
                ticketProblems.length > 0 || chosen.length !== seats.length,
              )}
            </Group>
          </Grid.Col>
        </Grid>
      ) : null}

      {step === 'products' ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <ProductStep
              products={p.products}
              quantities={products}
              onChange={(id, q) => setProducts((cur) => ({ ...cur, [id]: q }))}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>{summary}</Grid.Col>
          <Grid.Col span={12}>
            <Group justify="space-between">
              {backButton('tickets')}
              {nextButton(t('order.toPayment'), 'payment', false)}
            </Group>
          </Grid.Col>
        </Grid>
      ) : null}

      {step === 'payment' ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <Stack gap="xs">
                <Title order={3} fz="h4">
                  {t('order.yourDetails')}
                </Title>
                <CustomerForm
                  block={settings.customerInfo.order}
                  value={customer}
                  onChange={(v) => {
                    setCustomer(v);
                    setPayError(null);
                    setServerErrors({ form: {}, card: serverErrors.card });
                  }}
                  errors={formErrors}
                  termsUrl={settings.order.termsUrl}
                  disabled={paying}
                />
              </Stack>
              {(pricing?.total ?? 0) > 0 ? (
                <Stack gap="xs">
                  <Title order={3} fz="h4">
                    {t('payment.title')}
                  </Title>
                  <CardForm
                    value={card}
                    onChange={(v) => {
                      setCard(v);
                      setPayError(null);
                      setServerErrors({ form: serverErrors.form, card: {} });
                    }}
                    errors={cardErrs}
                    maxPayments={maxPayments}
                    disabled={paying}
                  />
                </Stack>
              ) : null}
              {payError ? (
                <Alert color="red" role="alert" data-testid="payment-error">
                  {payError}
                </Alert>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>{summary}</Grid.Col>
          <Grid.Col span={12}>
            <Group justify="space-between">
              {backButton('products')}
              <Button onClick={() => void pay()} loading={paying} data-testid="pay">
                {t('order.pay', { total: formatPrice(pricing?.total ?? 0, locale) })}
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      ) : null}

      {step === 'confirmation' && answer ? <ConfirmationStep answer={answer} /> : null}

      <Modal
        opened={timedOut}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        title={t('order.timeUpTitle')}
        centered
      >
        <Stack>
          <Text>{extended ? t('order.timeUpFinal') : t('order.timeUp')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void startOver(t('order.seatsReleased'))}>
              {t('order.startOver')}
            </Button>
            {!extended ? (
              <Button onClick={() => void extend()} data-testid="extend-time">
                {t('order.extendTime')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The order form's fields from the logged-in customer's account (empty when nobody is logged in). */
function detailsOf(c: CustomerAccount | null): CustomerInfo {
  if (!c) return {};
  const out: CustomerInfo = {};
  if (c.FirstName) out.firstName = c.FirstName;
  if (c.LastName) out.lastName = c.LastName;
  if (c.EmailAddress1) out.email = c.EmailAddress1;
  if (c.MobileNumber1) out.mobileNumber = c.MobileNumber1;
  if (c.SSN) out.ssn = c.SSN;
  if (c.Address1) out.address1 = c.Address1;
  if (c.City) out.city = c.City;
  if (c.PostalCode) out.postalCode = c.PostalCode;
  return out;
}
