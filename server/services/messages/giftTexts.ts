import type { Locale } from '../../../src/api/contract/common.ts';

/** What the e-mail of a gift card sent as a gift says (issue 35), in the language the buyer chose. */
export interface GiftTexts {
  subject(from: string): string;
  hello(name: string): string;
  sent(from: string, count: number): string;
  /** Heads the buyer's own message. */
  wrote(from: string): string;
  card(name: string, value: string, until: string): string;
  code: string;
  howTo: string;
  /** When the order has no name of its buyer. */
  someone: string;
}

export const GIFT_TEXTS: Record<Locale, GiftTexts> = {
  he: {
    subject: (f) => `קיבלת כרטיס מתנה מאת ${f}`,
    hello: (n) => `שלום ${n},`,
    sent: (f, n) => (n === 1 ? `${f} שלח/ה לך כרטיס מתנה!` : `${f} שלח/ה לך ${n} כרטיסי מתנה!`),
    wrote: (f) => `${f} כתב/ה:`,
    card: (name, v, u) => `${name} — ${v} — בתוקף עד ${u}`,
    code: 'קוד:',
    howTo: 'כדי לשלם בכרטיס המתנה, יש להקליד את הקוד בשלב התשלום באתר:',
    someone: 'חבר/ה',
  },
  en: {
    subject: (f) => `You have a gift card from ${f}`,
    hello: (n) => `Hello ${n},`,
    sent: (f, n) => (n === 1 ? `${f} sent you a gift card!` : `${f} sent you ${n} gift cards!`),
    wrote: (f) => `${f} wrote:`,
    card: (name, v, u) => `${name} — ${v} — valid until ${u}`,
    code: 'Code:',
    howTo: 'To pay with the gift card, type its code at the payment step on our site:',
    someone: 'A friend',
  },
  ru: {
    subject: (f) => `Подарочная карта от ${f}`,
    hello: (n) => `Здравствуйте, ${n}!`,
    sent: (f, n) =>
      n === 1 ? `${f} дарит вам подарочную карту!` : `${f} дарит вам подарочные карты (${n})!`,
    wrote: (f) => `${f} пишет:`,
    card: (name, v, u) => `${name} — ${v} — действует до ${u}`,
    code: 'Код:',
    howTo: 'Чтобы оплатить подарочной картой, введите её код на шаге оплаты на нашем сайте:',
    someone: 'Друг',
  },
  ar: {
    subject: (f) => `لديك بطاقة هدية من ${f}`,
    hello: (n) => `مرحبًا ${n}،`,
    sent: (f, n) => (n === 1 ? `أرسل لك ${f} بطاقة هدية!` : `أرسل لك ${f} بطاقات هدية (${n})!`),
    wrote: (f) => `كتب ${f}:`,
    card: (name, v, u) => `${name} — ${v} — صالحة حتى ${u}`,
    code: 'الرمز:',
    howTo: 'للدفع ببطاقة الهدية، أدخل رمزها في خطوة الدفع على موقعنا:',
    someone: 'صديق',
  },
  pl: {
    subject: (f) => `Karta podarunkowa od: ${f}`,
    hello: (n) => `Dzień dobry, ${n},`,
    sent: (f, n) =>
      n === 1 ? `${f} przesyła Ci kartę podarunkową!` : `${f} przesyła Ci karty podarunkowe (${n})!`,
    wrote: (f) => `${f} pisze:`,
    card: (name, v, u) => `${name} — ${v} — ważna do ${u}`,
    code: 'Kod:',
    howTo: 'Aby zapłacić kartą podarunkową, wpisz jej kod na etapie płatności w naszym serwisie:',
    someone: 'Przyjaciel',
  },
};
