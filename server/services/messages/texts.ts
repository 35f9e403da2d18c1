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
  smsConfirmed(rid: string, url: string): string;
  smsCancelled(rid: string): string;
  /** A presentation called off by the venue (issue 34): its orders are cancelled and refunded in full. */
  calledOff(title: string): string;
  calledOffBody(title: string, when: string, rid: string): string;
  refunded(amount: string): string;
  refundAtCounter(amount: string): string;
  smsCalledOff(title: string, when: string, rid: string): string;
  /** A presentation moved to another time: the tickets stay valid for the new one. */
  moved(title: string): string;
  movedBody(title: string, when: string): string;
  smsMoved(title: string, when: string, url: string): string;
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
    smsConfirmed: (r, u) => `הזמנה ${r} אושרה. הכרטיסים: ${u}`,
    smsCancelled: (r) => `הזמנה ${r} בוטלה.`,
    calledOff: (t) => `${t} בוטל`,
    calledOffBody: (t, w, r) => `לצערנו המופע ${t} ב־${w} בוטל. ההזמנה שלך ${r} בוטלה.`,
    refunded: (a) => `${a} יוחזרו לאמצעי התשלום שבו שילמת.`,
    refundAtCounter: (a) => `${a} ששולמו בקופה יוחזרו בקופה.`,
    smsCalledOff: (t, w, r) => `${t} ב־${w} בוטל. הזמנה ${r} בוטלה והכסף יוחזר.`,
    moved: (t) => `${t} עבר למועד חדש`,
    movedBody: (t, w) => `המופע ${t} עבר ל־${w}. הכרטיסים שלך תקפים למועד החדש.`,
    smsMoved: (t, w, u) => `${t} עבר ל־${w}. הכרטיסים שלך תקפים: ${u}`,
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
    smsConfirmed: (r, u) => `Order ${r} is confirmed. Your tickets: ${u}`,
    smsCancelled: (r) => `Order ${r} was cancelled.`,
    calledOff: (t) => `${t} is called off`,
    calledOffBody: (t, w, r) => `We are sorry: ${t} on ${w} is called off. Your order ${r} is cancelled.`,
    refunded: (a) => `${a} goes back to the way you paid.`,
    refundAtCounter: (a) => `${a} paid at the box office is given back there.`,
    smsCalledOff: (t, w, r) => `${t} on ${w} is called off. Order ${r} is cancelled and refunded.`,
    moved: (t) => `${t} moves to a new time`,
    movedBody: (t, w) => `${t} now takes place on ${w}. Your tickets are valid for the new time.`,
    smsMoved: (t, w, u) => `${t} moves to ${w}. Your tickets stay valid: ${u}`,
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
    smsConfirmed: (r, u) => `Заказ ${r} подтверждён. Билеты: ${u}`,
    smsCancelled: (r) => `Заказ ${r} отменён.`,
    calledOff: (t) => `${t} отменено`,
    calledOffBody: (t, w, r) => `К сожалению, ${t} ${w} отменено. Ваш заказ ${r} аннулирован.`,
    refunded: (a) => `${a} будет возвращено тем же способом, которым вы платили.`,
    refundAtCounter: (a) => `${a}, оплаченные в кассе, будут возвращены в кассе.`,
    smsCalledOff: (t, w, r) => `${t} ${w} отменено. Заказ ${r} аннулирован, деньги будут возвращены.`,
    moved: (t) => `${t} переносится`,
    movedBody: (t, w) => `${t} переносится на ${w}. Ваши билеты действительны на новое время.`,
    smsMoved: (t, w, u) => `${t} переносится на ${w}. Билеты действительны: ${u}`,
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
    smsConfirmed: (r, u) => `تم تأكيد الطلب ${r}. التذاكر: ${u}`,
    smsCancelled: (r) => `تم إلغاء الطلب ${r}.`,
    calledOff: (t) => `تم إلغاء ${t}`,
    calledOffBody: (t, w, r) => `نأسف: تم إلغاء ${t} في ${w}. تم إلغاء طلبك ${r}.`,
    refunded: (a) => `سيُعاد ${a} إلى وسيلة الدفع التي استخدمتها.`,
    refundAtCounter: (a) => `سيُعاد ${a} المدفوع في شباك التذاكر هناك.`,
    smsCalledOff: (t, w, r) => `تم إلغاء ${t} في ${w}. تم إلغاء الطلب ${r} وسيُعاد المبلغ.`,
    moved: (t) => `${t} ينتقل إلى موعد جديد`,
    movedBody: (t, w) => `${t} سيُقام في ${w}. تذاكرك صالحة للموعد الجديد.`,
    smsMoved: (t, w, u) => `${t} ينتقل إلى ${w}. تذاكرك صالحة: ${u}`,
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
    smsConfirmed: (r, u) => `Zamówienie ${r} potwierdzone. Bilety: ${u}`,
    smsCancelled: (r) => `Zamówienie ${r} anulowane.`,
    calledOff: (t) => `${t} zostaje odwołane`,
    calledOffBody: (t, w, r) =>
      `Przykro nam: ${t} w dniu ${w} zostaje odwołane. Twoje zamówienie ${r} jest anulowane.`,
    refunded: (a) => `${a} wraca na środek płatności, którym zapłacono.`,
    refundAtCounter: (a) => `${a} zapłacone w kasie zostanie zwrócone w kasie.`,
    smsCalledOff: (t, w, r) =>
      `${t} w dniu ${w} odwołane. Zamówienie ${r} anulowane, pieniądze zostaną zwrócone.`,
    moved: (t) => `${t} zmienia termin`,
    movedBody: (t, w) => `${t} odbędzie się ${w}. Twoje bilety są ważne na nowy termin.`,
    smsMoved: (t, w, u) => `${t} przeniesione na ${w}. Bilety pozostają ważne: ${u}`,
  },
};
