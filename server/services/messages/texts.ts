import type { Locale } from '../../../src/api/contract/common.ts';

/** What the confirmation e-mail and SMS say, in the order's language (spec: he, en, ru, ar, pl). */
export interface MessageTexts {
  confirmed(rid: string): string;
  held(rid: string): string;
  cancelled(rid: string): string;
  hello(name: string): string;
  thanks: string;
  payBy(date: string): string;
  total(amount: string): string;
  eticket: string;
  watch: string;
  cancelledBody: string;
  seat(row: string, seat: string): string;
  smsConfirmed(rid: string, url: string): string;
  smsCancelled(rid: string): string;
}

export const MESSAGE_TEXTS: Record<Locale, MessageTexts> = {
  he: {
    confirmed: (r) => `ההזמנה שלך ${r} אושרה`,
    held: (r) => `ההזמנה שלך ${r} שמורה`,
    cancelled: (r) => `ההזמנה שלך ${r} בוטלה`,
    hello: (n) => `שלום ${n},`,
    thanks: 'תודה על ההזמנה! אלה הפרטים:',
    payBy: (d) => `יש לשלם בקופה עד ${d}; אחרת ההזמנה תשוחרר.`,
    total: (a) => `סה"כ: ${a}`,
    eticket: 'הכרטיסים האלקטרוניים:',
    watch: 'לצפייה:',
    cancelledBody: 'ההזמנה שלך בוטלה והמקומות שוחררו.',
    seat: (r, s) => `שורה ${r}, כיסא ${s}`,
    smsConfirmed: (r, u) => `הזמנה ${r} אושרה. הכרטיסים: ${u}`,
    smsCancelled: (r) => `הזמנה ${r} בוטלה.`,
  },
  en: {
    confirmed: (r) => `Your order ${r} is confirmed`,
    held: (r) => `Your reservation ${r} is held`,
    cancelled: (r) => `Your order ${r} was cancelled`,
    hello: (n) => `Hello ${n},`,
    thanks: 'Thank you for your order! Here are the details:',
    payBy: (d) => `Please pay at the box office by ${d}, or the reservation is released.`,
    total: (a) => `Total: ${a}`,
    eticket: 'Your e-tickets:',
    watch: 'Watch:',
    cancelledBody: 'Your order was cancelled and its seats released.',
    seat: (r, s) => `row ${r}, seat ${s}`,
    smsConfirmed: (r, u) => `Order ${r} is confirmed. Your tickets: ${u}`,
    smsCancelled: (r) => `Order ${r} was cancelled.`,
  },
  ru: {
    confirmed: (r) => `Ваш заказ ${r} подтверждён`,
    held: (r) => `Ваша бронь ${r} сохранена`,
    cancelled: (r) => `Ваш заказ ${r} отменён`,
    hello: (n) => `Здравствуйте, ${n}!`,
    thanks: 'Спасибо за заказ! Подробности:',
    payBy: (d) => `Оплатите в кассе до ${d}, иначе бронь будет снята.`,
    total: (a) => `Итого: ${a}`,
    eticket: 'Электронные билеты:',
    watch: 'Смотреть:',
    cancelledBody: 'Ваш заказ отменён, места освобождены.',
    seat: (r, s) => `ряд ${r}, место ${s}`,
    smsConfirmed: (r, u) => `Заказ ${r} подтверждён. Билеты: ${u}`,
    smsCancelled: (r) => `Заказ ${r} отменён.`,
  },
  ar: {
    confirmed: (r) => `تم تأكيد طلبك ${r}`,
    held: (r) => `حجزك ${r} محفوظ`,
    cancelled: (r) => `تم إلغاء طلبك ${r}`,
    hello: (n) => `مرحبًا ${n}،`,
    thanks: 'شكرًا على طلبك! هذه التفاصيل:',
    payBy: (d) => `يرجى الدفع في شباك التذاكر حتى ${d}، وإلا يُلغى الحجز.`,
    total: (a) => `المجموع: ${a}`,
    eticket: 'التذاكر الإلكترونية:',
    watch: 'للمشاهدة:',
    cancelledBody: 'تم إلغاء طلبك وتحرير المقاعد.',
    seat: (r, s) => `صف ${r}، مقعد ${s}`,
    smsConfirmed: (r, u) => `تم تأكيد الطلب ${r}. التذاكر: ${u}`,
    smsCancelled: (r) => `تم إلغاء الطلب ${r}.`,
  },
  pl: {
    confirmed: (r) => `Twoje zamówienie ${r} zostało potwierdzone`,
    held: (r) => `Twoja rezerwacja ${r} jest zatrzymana`,
    cancelled: (r) => `Twoje zamówienie ${r} zostało anulowane`,
    hello: (n) => `Dzień dobry, ${n},`,
    thanks: 'Dziękujemy za zamówienie! Oto szczegóły:',
    payBy: (d) => `Zapłać w kasie do ${d}, inaczej rezerwacja zostanie zwolniona.`,
    total: (a) => `Razem: ${a}`,
    eticket: 'Bilety elektroniczne:',
    watch: 'Oglądaj:',
    cancelledBody: 'Twoje zamówienie zostało anulowane, a miejsca zwolnione.',
    seat: (r, s) => `rząd ${r}, miejsce ${s}`,
    smsConfirmed: (r, u) => `Zamówienie ${r} potwierdzone. Bilety: ${u}`,
    smsCancelled: (r) => `Zamówienie ${r} anulowane.`,
  },
};
