import type { LocalizedText } from '../../src/api/contract/common.ts';

/**
 * The demo venue's order terms (settings `order.terms`), in plain text, a blank line between paragraphs:
 * what a ticket is, prices, cancellation under the demo's fee (₪5 per ticket and 5%, the handling fee
 * kept: settings.ts `customerArea.cancellationFee`), conduct and privacy. A venue writes its own.
 */
export const DEMO_ORDER_TERMS: LocalizedText = {
  he: [
    'כרטיסים. הכרטיסים נמכרים באתר זה מטעם המקום. כל כרטיס מקנה כניסה לאדם אחד, למופע, למושב ולמועד הרשומים בו. שמרו את הכרטיס האלקטרוני בטלפון או הדפיסו אותו: הקוד שבו נסרק בכניסה פעם אחת בלבד.',
    'מחירים ודמי טיפול. המחירים כוללים מע״מ. דמי טיפול נגבים לכל כרטיס, והם כלולים בכל מחיר המוצג לפני התשלום. בהזמנה שמורה לתשלום בקופה אין דמי טיפול.',
    'ביטול והחזרים. ניתן לבטל הזמנה ששולמה באזור האישי עד תחילת המופע הראשון שבה. מהסכום מנוכים דמי ביטול של 5 ₪ לכרטיס ועוד 5% ממחיר הכרטיסים, ודמי הטיפול אינם מוחזרים; היתרה מוחזרת לאמצעי התשלום ששימש בהזמנה. השכרת סרט לצפייה ביתית אינה ניתנת לביטול. אם המקום מבטל מופע, ההזמנה מוחזרת במלואה.',
    'התנהגות במקום. אנא הגיעו לפני תחילת המופע; מאחרים יוכנסו בהפסקה מתאימה. אסור לצלם, להסריט או להקליט במהלך המופע. המקום רשאי לסרב לכניסה או להוציא מי שמפריע למופע או לקהל, ללא החזר.',
    'פרטיות. השם, הדוא״ל והטלפון הנייד משמשים לטיפול בהזמנה, לשליחת הכרטיסים ולעדכון על שינויים במופע. דיוור שיווקי נשלח רק אם סימנתם זאת, ואפשר להסיר את עצמכם בכל עת. פרטי הכרטיס מטופלים בידי חברת הסליקה ואינם נשמרים אצלנו.',
    'שאלות: הקופה, טלפון 03-5550000, בימים א׳–ה׳ מ־10:00 עד 19:00.',
  ].join('\n\n'),
  en: [
    'Tickets. Tickets are sold on this site on behalf of the venue. Each ticket admits one person to the show, seat and time printed on it. Keep the e-ticket on your phone or print it: its code is scanned once at the door.',
    'Prices and handling fee. Prices include VAT. A handling fee is charged for each ticket and is included in every price shown before you pay. A hold order, paid at the box office, carries no handling fee.',
    'Cancellation and refunds. You may cancel a paid order in your personal area until its first show begins. A cancellation fee of ₪5 per ticket plus 5% of the ticket prices is deducted, and the handling fee is not refunded; the rest goes back to the payment you used. Video rentals cannot be cancelled. If the venue calls off a show, the whole order is refunded.',
    'Conduct. Please arrive before the show begins; latecomers are seated at a suitable break. Photography, filming and recording during the show are not allowed. The venue may refuse entry to, or remove, anyone who disturbs the show or the audience, without a refund.',
    'Privacy. We use your name, e-mail and mobile number to handle the order, send your tickets and tell you about changes to the show. We send news and offers only if you ticked the mailing box, and you can unsubscribe at any time. Card details are handled by the payment provider and never stored by us.',
    'Questions: the box office, +972 3-555-0000, Sun–Thu 10:00–19:00.',
  ].join('\n\n'),
  ru: [
    'Билеты. Билеты продаются на этом сайте от имени площадки. Каждый билет даёт право входа одному человеку на указанные в нём мероприятие, место и время. Сохраните электронный билет в телефоне или распечатайте его: его код сканируется на входе один раз.',
    'Цены и сервисный сбор. Цены включают НДС. Сервисный сбор взимается за каждый билет и включён во все цены, показанные до оплаты. Бронь с оплатой в кассе оформляется без сервисного сбора.',
    'Отмена и возврат. Оплаченный заказ можно отменить в личном кабинете до начала первого мероприятия заказа. Удерживается плата за отмену: ₪5 за билет и 5% от стоимости билетов; сервисный сбор не возвращается. Остаток возвращается на использованный способ оплаты. Аренду видео отменить нельзя. Если площадка отменяет мероприятие, заказ возвращается полностью.',
    'Правила поведения. Пожалуйста, приходите до начала; опоздавших пропускают в подходящий перерыв. Фото-, видеосъёмка и звукозапись во время мероприятия запрещены. Площадка вправе не впустить или вывести того, кто мешает мероприятию или зрителям, без возврата денег.',
    'Конфиденциальность. Имя, e-mail и номер мобильного телефона используются для обработки заказа, отправки билетов и сообщений об изменениях. Новости и предложения мы присылаем только с вашего согласия (отметка о рассылке), отписаться можно в любой момент. Данные карты обрабатывает платёжный провайдер, мы их не храним.',
    'Вопросы: касса, +972 3-555-0000, вс–чт 10:00–19:00.',
  ].join('\n\n'),
  ar: [
    'التذاكر. تُباع التذاكر في هذا الموقع نيابةً عن مكان العرض. تتيح كل تذكرة دخول شخص واحد إلى العرض والمقعد والموعد المدوّنة عليها. احتفظ بالتذكرة الإلكترونية في هاتفك أو اطبعها: يُمسح رمزها عند الدخول مرة واحدة فقط.',
    'الأسعار ورسوم المعالجة. تشمل الأسعار ضريبة القيمة المضافة. تُحصَّل رسوم معالجة عن كل تذكرة، وهي مشمولة في كل سعر يُعرض قبل الدفع. الحجز الذي يُدفع في شباك التذاكر لا تُحصَّل عليه رسوم معالجة.',
    'الإلغاء والاسترداد. يمكن إلغاء طلب مدفوع من منطقتك الشخصية حتى بدء أول عرض فيه. تُخصم رسوم إلغاء قدرها 5 ₪ عن كل تذكرة إضافةً إلى 5% من أسعار التذاكر، ولا تُسترد رسوم المعالجة؛ ويُعاد الباقي إلى وسيلة الدفع المستخدمة. لا يمكن إلغاء استئجار الأفلام. إذا ألغى مكان العرض عرضًا، يُسترد الطلب كاملًا.',
    'السلوك. يُرجى الحضور قبل بدء العرض؛ يُدخَل المتأخرون في استراحة مناسبة. يُمنع التصوير والتسجيل أثناء العرض. يحق لمكان العرض رفض دخول أو إخراج من يزعج العرض أو الجمهور، دون استرداد.',
    'الخصوصية. نستخدم اسمك وبريدك الإلكتروني ورقم هاتفك المحمول لمعالجة الطلب وإرسال التذاكر وإبلاغك بأي تغيير في العرض. لا نرسل الأخبار والعروض إلا إذا وافقت على ذلك، ويمكنك إلغاء الاشتراك في أي وقت. تتولى شركة الدفع بيانات البطاقة ولا نحتفظ بها.',
    'للاستفسار: شباك التذاكر، هاتف 03-5550000، من الأحد إلى الخميس بين 10:00 و19:00.',
  ].join('\n\n'),
  pl: [
    'Bilety. Bilety są sprzedawane w tym serwisie w imieniu organizatora. Każdy bilet uprawnia jedną osobę do wejścia na wydarzenie, na miejsce i o czasie na nim podanych. Zachowaj bilet elektroniczny w telefonie lub go wydrukuj: jego kod jest skanowany przy wejściu tylko raz.',
    'Ceny i opłata manipulacyjna. Ceny zawierają VAT. Opłata manipulacyjna jest pobierana za każdy bilet i jest wliczona w każdą cenę pokazaną przed zapłatą. Rezerwacja opłacana w kasie jest bez opłaty manipulacyjnej.',
    'Anulowanie i zwroty. Opłacone zamówienie można anulować w strefie klienta do rozpoczęcia pierwszego wydarzenia z zamówienia. Potrącana jest opłata za anulowanie: 5 ₪ za bilet oraz 5% ceny biletów, a opłata manipulacyjna nie podlega zwrotowi; reszta wraca na użytą metodę płatności. Wypożyczenia filmów nie można anulować. Jeśli organizator odwoła wydarzenie, zwracamy całe zamówienie.',
    'Zasady zachowania. Prosimy przybyć przed rozpoczęciem; spóźnieni wchodzą w stosownej przerwie. Fotografowanie, filmowanie i nagrywanie w trakcie wydarzenia jest zabronione. Organizator może odmówić wstępu lub wyprosić osobę, która przeszkadza w wydarzeniu lub widzom, bez zwrotu pieniędzy.',
    'Prywatność. Imię i nazwisko, e-mail i numer telefonu komórkowego służą do obsługi zamówienia, wysłania biletów i powiadomień o zmianach. Informacje i oferty wysyłamy tylko za Twoją zgodą (pole zgody na wiadomości), a wypisać się można w każdej chwili. Danymi karty zajmuje się operator płatności; nie przechowujemy ich.',
    'Pytania: kasa, +972 3-555-0000, niedz.–czw. 10:00–19:00.',
  ].join('\n\n'),
};
