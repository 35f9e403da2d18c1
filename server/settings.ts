import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { supportedLocales } from '../src/api/contract/common.ts';
import {
  type CustomerField,
  type CustomerInfoBlock,
  type Settings,
  SettingsAnswerSchema,
  customerFields,
  menuEntries,
} from '../src/api/contract/session.ts';
import { VENUE_COUNTRY, VENUE_CURRENCY, VENUE_TIME_ZONE } from '../src/domain/venue.ts';
import { DEFAULT_COLORS } from '../workers/seatplan/style.ts';
import type { ServerConfig } from './config.ts';
import { DEMO_ORDER_TERMS } from './seed/terms.ts';

function block(included: Partial<Record<CustomerField, boolean>>): CustomerInfoBlock {
  const fields = Object.fromEntries(
    customerFields.map((f) => [f, { isRequired: included[f] ?? false, isIncluded: included[f] ?? false }]),
  ) as CustomerInfoBlock['fields'];
  return {
    isSSNRequired: false,
    isDefaultMailingAllowed: false,
    isMailingAllowedExcluded: false,
    isVoucherPaymentEnabled: false,
    additionalTerms: null,
    fields,
  };
}

/** The ticket step's three voucher-by-code buttons: the demo's two partner cards and a generic code. */
const DEFAULT_CODE_BUTTONS: Settings['vouchers']['byCodeButtons'] = [
  {
    kind: 'partnerCard',
    image: '/partners/hever.svg',
    label: { he: 'כרטיס חבר', en: 'Hever card', ru: 'Карта Hever', ar: 'بطاقة حيفر', pl: 'Karta Hever' },
    title: {
      he: 'מחיר לחברי חבר',
      en: 'Hever members price',
      ru: 'Цена для членов Hever',
      ar: 'سعر أعضاء حيفر',
      pl: 'Cena dla członków Hever',
    },
    description: {
      he: 'הקלידו את 12 הספרות של כרטיס חבר.',
      en: 'Type the 12 digits of your Hever card.',
      ru: 'Введите 12 цифр карты Hever.',
      ar: 'اكتب أرقام بطاقة حيفر الاثني عشر.',
      pl: 'Wpisz 12 cyfr karty Hever.',
    },
    placeholder: {
      he: 'מספר כרטיס',
      en: 'Card number',
      ru: 'Номер карты',
      ar: 'رقم البطاقة',
      pl: 'Numer karty',
    },
  },
  {
    kind: 'partnerCard',
    image: '/partners/teachers.svg',
    label: {
      he: 'ארגון המורים',
      en: "Teachers' union",
      ru: 'Союз учителей',
      ar: 'نقابة المعلمين',
      pl: 'Związek nauczycieli',
    },
    title: {
      he: 'מחיר לחברי ארגון המורים',
      en: "Teachers' union price",
      ru: 'Цена для членов союза учителей',
      ar: 'سعر أعضاء نقابة المعلمين',
      pl: 'Cena dla członków związku nauczycieli',
    },
    description: {
      he: 'הקלידו את מספר החבר (8 ספרות, מתחיל ב־77).',
      en: 'Type your member number (8 digits, starting 77).',
      ru: 'Введите номер члена (8 цифр, начинается с 77).',
      ar: 'اكتب رقم العضوية (8 أرقام تبدأ بـ 77).',
      pl: 'Wpisz numer członkowski (8 cyfr, zaczyna się od 77).',
    },
    placeholder: {
      he: 'מספר חבר',
      en: 'Member number',
      ru: 'Номер члена',
      ar: 'رقم العضوية',
      pl: 'Numer członkowski',
    },
  },
  {
    kind: 'code',
    image: null,
    label: {
      he: 'שובר או קוד',
      en: 'Voucher or code',
      ru: 'Ваучер или код',
      ar: 'قسيمة أو رمز',
      pl: 'Voucher lub kod',
    },
    title: {
      he: 'מימוש שובר או קוד הטבה',
      en: 'Redeem a voucher or code',
      ru: 'Погасить ваучер или код',
      ar: 'استبدال قسيمة أو رمز',
      pl: 'Zrealizuj voucher lub kod',
    },
    description: {
      he: 'קוד השובר מופיע על השובר המודפס או באזור האישי.',
      en: 'The code is on the printed voucher or in your personal area.',
      ru: 'Код указан на распечатанном ваучере или в личном кабинете.',
      ar: 'الرمز موجود على القسيمة المطبوعة أو في منطقتك الشخصية.',
      pl: 'Kod jest na wydrukowanym voucherze lub w strefie klienta.',
    },
    placeholder: { he: 'קוד', en: 'Code', ru: 'Код', ar: 'الرمز', pl: 'Kod' },
  },
];

/**
 * The shop settings with the spec's defaults (section 3: first name, last name and e-mail required
 * and included; mobile required and included in the order block only; terms required, not ticked;
 * mailing off; verification off; one payment), and the demo's texts (the code buttons, the order terms).
 */
export function defaultSettings(config: ServerConfig): Settings {
  const names = { firstName: true, lastName: true, email: true };
  return {
    locales: {
      supported: [...supportedLocales],
      enabled: config.enabledLocales,
      default: config.defaultLocale,
      fallback: 'he',
    },
    currency: { ...VENUE_CURRENCY },
    country: VENUE_COUNTRY,
    timeZone: VENUE_TIME_ZONE,
    maxSeatsPerTransaction: config.maxSeatsPerTransaction,
    seatplan: { colors: { ...DEFAULT_COLORS }, legendMode: 'full', colorMode: 'ticketGroup' },
    authRequired: false,
    businessIds: null,
    cart: { isVideoCartEnabled: true },
    customerInfo: {
      order: {
        ...block({ ...names, mobileNumber: true }),
        isVerifyMobileNumber: false,
        isVerifyEmail: false,
        isTermsRequired: true,
        isTermsConfirmed: false,
      },
      orderMemberships: block(names),
      orderSystemVouchers: block(names),
      orderDonations: block(names),
    },
    flows: {},
    payment: {
      provider: 'sandbox',
      isDirectPayment: true,
      cardFields: 'shop',
      stripe: null,
      maxNumberOfPayments: 6,
      minAmountPerPayment: 10000,
      methods: { card: true, savedCards: true, blik: false, redirect: false },
      isSaveCardDefault: false,
      acceptedBrands: ['visa', 'mastercard', 'amex', 'diners', 'isracard'],
      paypal: { isActive: false, environment: 'production', clientId: null, noShipping: true },
    },
    customerArea: {
      loginMethods: { customerArea: 'phone', members: 'phone' },
      extraLoginField: 'none',
      isEmailLoginEnabled: true,
      cancellationFee: {
        name: {
          he: 'דמי ביטול',
          en: 'Cancellation fee',
          ru: 'Плата за отмену',
          ar: 'رسوم الإلغاء',
          pl: 'Opłata za anulowanie',
        },
        fixed: 500,
        percent: 5,
        perTicket: true,
      },
      replacementVoucherDays: 30,
      boxOfficeContact: {
        he: 'הקופה: 03-5550000, א׳–ה׳ 10:00–19:00',
        en: 'Box office: +972 3-555-0000, Sun–Thu 10:00–19:00',
      },
      captchaSiteKey: config.captchaSiteKey ?? null,
      smsOutbox: config.smsOutbox,
      mailOutbox: config.mailOutbox,
    },
    menu: { entries: [...menuEntries] },
    listModes: { presentations: 'grid', vouchers: 'grid', memberships: 'grid', donations: 'list' },
    vouchers: { isNextButtonPerVoucher: false, byCodeButtons: DEFAULT_CODE_BUTTONS },
    memberships: { isNextButtonPerMembership: true },
    donations: { isOfferedInOrder: true },
    seniorCitizen: { isLookupEnabled: true, minimumAge: 67, maxTicketsPerId: 2 },
    order: {
      isHoldEnabled: true,
      holdMinutesBeforeEvent: 30,
      orderReceivedUrl: null,
      termsUrl: null,
      // The demo's terms come with the demo catalogue; a venue's own are in its SETTINGS_FILE.
      terms: config.seed ? { ...DEMO_ORDER_TERMS } : null,
      eDocumentGraceMinutes: 0,
    },
  };
}

/**
 * With the built-in sandbox acquirer every method of the spec can be tried end to end, so the
 * sandbox switches them all on (PayPal in its sandbox environment, Blik, the hosted payment page and
 * voucher payments in the order flow); a venue's SETTINGS_FILE may still switch any of them off. The
 * spec's own defaults (card only, PayPal inactive) are what a real provider starts from.
 */
export const SANDBOX_METHODS = {
  payment: {
    methods: { blik: true, redirect: true },
    paypal: { isActive: true, environment: 'sandbox', clientId: 'sandbox-client-id' },
  },
  customerInfo: { order: { isVoucherPaymentEnabled: true } },
} as const;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Deep merge: objects merge key by key, anything else (arrays included) replaces. */
export function mergeSettings<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override))
    return (override === undefined ? base : override) as T;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(override)) out[k] = mergeSettings(out[k], v);
  return out as T;
}

/**
 * The settings the shop receives: the defaults, then the venue's SETTINGS_FILE (JSON, any subset of
 * GET /api/settings: flow titles and step names, customer-info fields, payments, the order-received
 * page). Locales and the seat cap always come from the environment. A bad file stops the start.
 */
export function loadSettings(config: ServerConfig): Settings {
  const defaults = defaultSettings(config);
  if (!config.settingsFile) return effective(mergeSettings(defaults, SANDBOX_METHODS), config);
  let override: unknown;
  try {
    override = JSON.parse(readFileSync(config.settingsFile, 'utf8'));
  } catch (err) {
    throw new Error(`SETTINGS_FILE ${config.settingsFile}: ${(err as Error).message}`, { cause: err });
  }
  // The sandbox switches every method on; a real provider starts from the spec's defaults.
  const provider = mergeSettings(defaults, override).payment?.provider;
  const base = provider === 'sandbox' ? mergeSettings(defaults, SANDBOX_METHODS) : defaults;
  const merged = mergeSettings(base, override);
  merged.locales = base.locales;
  merged.maxSeatsPerTransaction = base.maxSeatsPerTransaction;
  // Where the SMS go and the captcha key are the deployment's, not the venue's.
  merged.customerArea.smsOutbox = base.customerArea.smsOutbox;
  merged.customerArea.mailOutbox = base.customerArea.mailOutbox;
  merged.customerArea.captchaSiteKey = base.customerArea.captchaSiteKey;
  const parsed = SettingsAnswerSchema.safeParse(merged);
  if (!parsed.success) {
    throw new Error(`SETTINGS_FILE ${config.settingsFile}: ${z.prettifyError(parsed.error)}`);
  }
  const problem = paymentProblem(parsed.data, config);
  if (problem) throw new Error(`SETTINGS_FILE ${config.settingsFile}: ${problem}`);
  return effective(parsed.data, config);
}

/** The payment providers this box office can talk to (a venue's settings name one). */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;

/** Payment settings that cannot work together: the start stops with the reason. */
function paymentProblem(s: Settings, config: ServerConfig): string | null {
  const { provider, paypal } = s.payment;
  if (!(PAYMENT_PROVIDERS as readonly string[]).includes(provider))
    return `payment.provider "${provider}" is not available (known: ${PAYMENT_PROVIDERS.join(', ')})`;
  if (provider === 'stripe' && !config.providers.stripe)
    return 'payment.provider "stripe" needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET in the environment';
  if (paypal.isActive && !paypal.clientId) return 'payment.paypal.clientId is required when PayPal is active';
  // Real PayPal needs the venue's own PayPal credentials; without them the sandbox stands in for PayPal's
  // sandbox environment, and only beside the sandbox's cards.
  if (paypal.isActive && paypal.environment === 'production' && !config.providers.paypal)
    return 'payment.paypal.environment "production" needs PAYPAL_CLIENT_SECRET in the environment';
  if (paypal.isActive && provider !== 'sandbox' && !config.providers.paypal)
    return `PayPal beside payment.provider "${provider}" needs PAYPAL_CLIENT_SECRET in the environment`;
  return null;
}

/**
 * The settings as both halves read them: without direct payment (the spec's direct-payment flag off)
 * the card never reaches the box office, so the shop's card form is off and the provider's payment
 * page takes cards instead.
 */
function effective(s: Settings, config: ServerConfig): Settings {
  let payment = s.payment;
  const stripe = payment.provider === 'stripe' ? config.providers.stripe : null;
  if (stripe)
    payment = {
      ...payment,
      // Stripe's own card fields take the card; Stripe has no instalment plans for Israeli cards.
      cardFields: 'provider',
      stripe: { publishableKey: stripe.publishableKey, jsUrl: stripe.jsUrl },
      maxNumberOfPayments: 1,
    };
  if (!payment.isDirectPayment)
    payment = { ...payment, methods: { ...payment.methods, card: false, redirect: true } };
  return payment === s.payment ? s : { ...s, payment };
}
