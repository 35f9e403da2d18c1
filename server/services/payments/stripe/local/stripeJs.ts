/**
 * The local Stripe server's stand-in for Stripe.js (served at /v3/), implementing the part of its
 * documented API the shop uses: `Stripe(publishableKey, {locale})`, `stripe.elements({mode, amount,
 * currency, setupFutureUsage, paymentMethodTypes})`, `elements.create('payment')` with `mount`, `on`,
 * `destroy`, `elements.update`, `elements.submit()` and `stripe.createConfirmationToken({elements})`.
 * As in Stripe.js, the card fields live in a frame of the provider's origin: the card number is sent
 * from that frame to the provider only (POST /v1/confirmation_tokens with the publishable key), and the
 * shop's page gets the ConfirmationToken back.
 */
export const STRIPE_JS = String.raw`(function () {
  var origin = new URL(document.currentScript.src).origin;
  var seq = 0;
  function PaymentElement(elements, options) {
    var self = this;
    this._elements = elements;
    this._handlers = {};
    this._pending = {};
    this._frame = document.createElement('iframe');
    this._frame.title = 'Secure payment input frame';
    this._frame.setAttribute('allow', 'payment');
    this._frame.style.cssText = 'width:100%;border:0;height:180px;display:block;background:transparent';
    this._frame.src = origin + '/elements/payment?locale=' + encodeURIComponent(elements._stripe._locale);
    this._listener = function (event) {
      if (event.origin !== origin || event.source !== self._frame.contentWindow) return;
      var m = event.data || {};
      if (m.id && self._pending[m.id]) {
        self._pending[m.id](m.result);
        delete self._pending[m.id];
      } else if (m.event === 'resize') self._frame.style.height = m.height + 'px';
      else if (m.event) (self._handlers[m.event] || []).forEach(function (cb) { cb(m.payload || { elementType: 'payment' }); });
    };
    window.addEventListener('message', this._listener);
  }
  PaymentElement.prototype.mount = function (target) {
    var el = typeof target === 'string' ? document.querySelector(target) : target;
    el.appendChild(this._frame);
  };
  PaymentElement.prototype.unmount = function () { if (this._frame.parentNode) this._frame.parentNode.removeChild(this._frame); };
  PaymentElement.prototype.destroy = function () { this.unmount(); window.removeEventListener('message', this._listener); };
  PaymentElement.prototype.on = function (name, cb) { (this._handlers[name] = this._handlers[name] || []).push(cb); return this; };
  PaymentElement.prototype.off = function (name, cb) { this._handlers[name] = (this._handlers[name] || []).filter(function (h) { return h !== cb; }); return this; };
  PaymentElement.prototype.focus = function () { this._frame.focus(); };
  PaymentElement.prototype._call = function (type, data) {
    var self = this;
    return new Promise(function (resolve) {
      var id = 'c' + ++seq;
      self._pending[id] = resolve;
      self._frame.contentWindow.postMessage({ id: id, type: type, data: data }, origin);
    });
  };
  function Elements(stripe, options) { this._stripe = stripe; this._options = options || {}; this._element = null; }
  Elements.prototype.create = function (type, options) {
    if (type !== 'payment') throw new Error('Only the Payment Element is available here.');
    this._element = new PaymentElement(this, options || {});
    return this._element;
  };
  Elements.prototype.getElement = function (type) { return type === 'payment' ? this._element : null; };
  Elements.prototype.update = function (options) { for (var k in options) this._options[k] = options[k]; };
  Elements.prototype.submit = function () {
    if (!this._element) return Promise.resolve({ error: { type: 'validation_error', message: 'No Payment Element is mounted.' } });
    return this._element._call('validate', {}).then(function (r) { return r.error ? { error: r.error } : {}; });
  };
  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options);
    if (!/^pk_(test|live)_/.test(key)) throw new Error('Invalid publishable key.');
    this._key = key;
    this._locale = (options && options.locale) || 'auto';
  }
  Stripe.prototype.elements = function (options) { return new Elements(this, options); };
  Stripe.prototype.createConfirmationToken = function (args) {
    var elements = args.elements;
    if (!elements || !elements._element) return Promise.resolve({ error: { type: 'integration_error', message: 'elements is required.' } });
    return elements._element
      ._call('tokenize', { key: this._key, setupFutureUsage: elements._options.setupFutureUsage || null })
      .then(function (r) { return r.error ? { error: r.error } : { confirmationToken: r.token }; });
  };
  window.Stripe = Stripe;
})();
`;

const LABELS: Record<string, [string, string, string]> = {
  en: ['Card number', 'Expiration date', 'Security code'],
  he: ['מספר כרטיס', 'תוקף', 'קוד אבטחה'],
  ru: ['Номер карты', 'Срок действия', 'Код безопасности'],
  ar: ['رقم البطاقة', 'تاريخ الانتهاء', 'رمز الأمان'],
  pl: ['Numer karty', 'Data ważności', 'Kod zabezpieczający'],
};

/** The Payment Element's frame: the card fields, on the provider's origin. */
export function paymentElementPage(locale: string): string {
  const [number, expiry, cvc] = LABELS[locale] ?? LABELS.en!;
  const rtl = locale === 'he' || locale === 'ar';
  return `<!doctype html><html lang="${LABELS[locale] ? locale : 'en'}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{margin:0;font-family:system-ui,sans-serif;color:#30313d}label{display:block;font-size:14px;margin:0 0 4px}input{width:100%;box-sizing:border-box;height:44px;padding:8px 10px;font-size:16px;border:1px solid #e0e0e6;border-radius:6px;direction:ltr}
.row{display:flex;gap:12px}.row>div{flex:1}.f{margin-bottom:12px}.err{color:#df1b41;font-size:14px;min-height:18px;margin:0}</style></head><body>
<div class="f"><label for="number">${number}</label><input id="number" name="number" autocomplete="cc-number" inputmode="numeric" placeholder="1234 1234 1234 1234"></div>
<div class="row"><div class="f"><label for="expiry">${expiry}</label><input id="expiry" name="expiry" autocomplete="cc-exp" inputmode="numeric" placeholder="MM / YY"></div>
<div class="f"><label for="cvc">${cvc}</label><input id="cvc" name="cvc" autocomplete="cc-csc" inputmode="numeric" placeholder="CVC"></div></div>
<p class="err" id="error" role="alert"></p>
<script>
(function () {
  var $ = function (id) { return document.getElementById(id); };
  function luhn(n) { var s = 0; for (var i = 0; i < n.length; i++) { var d = +n[n.length - 1 - i]; if (i % 2) { d *= 2; if (d > 9) d -= 9; } s += d; } return s % 10 === 0; }
  function read() {
    var n = $('number').value.replace(/\\D/g, ''), e = $('expiry').value.replace(/\\D/g, ''), c = $('cvc').value.replace(/\\D/g, '');
    var m = +e.slice(0, 2), y = 2000 + +e.slice(2, 4), now = new Date();
    if (n.length < 12 || !luhn(n)) return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is invalid.' } };
    if (e.length !== 4 || m < 1 || m > 12 || y < now.getFullYear() || (y === now.getFullYear() && m < now.getMonth() + 1)) return { error: { type: 'validation_error', code: 'invalid_expiry_year_past', message: "Your card's expiration date is invalid." } };
    if (c.length < 3) return { error: { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." } };
    return { number: n, month: m, year: y, cvc: c };
  }
  function answer(id, result) { parent.postMessage({ id: id, result: result }, '*'); }
  ['number', 'expiry', 'cvc'].forEach(function (f) {
    $(f).addEventListener('input', function () {
      var r = read();
      parent.postMessage({ event: 'change', payload: { elementType: 'payment', complete: !r.error, empty: !$('number').value } }, '*');
    });
  });
  window.addEventListener('message', function (event) {
    if (event.source !== parent) return;
    var m = event.data || {};
    var r = read();
    $('error').textContent = r.error ? r.error.message : '';
    if (m.type === 'validate') return answer(m.id, r.error ? { error: r.error } : {});
    if (m.type !== 'tokenize') return;
    if (r.error) return answer(m.id, { error: r.error });
    var body = new URLSearchParams({ 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': r.number,
      'payment_method_data[card][exp_month]': String(r.month), 'payment_method_data[card][exp_year]': String(r.year), 'payment_method_data[card][cvc]': r.cvc });
    if (m.data.setupFutureUsage) body.set('setup_future_usage', m.data.setupFutureUsage);
    fetch('/v1/confirmation_tokens', { method: 'POST', headers: { authorization: 'Bearer ' + m.data.key, 'content-type': 'application/x-www-form-urlencoded' }, body: body })
      .then(function (res) { return res.json(); })
      .then(function (json) { if (json.error) { $('error').textContent = json.error.message; answer(m.id, { error: json.error }); } else answer(m.id, { token: json }); })
      .catch(function () { answer(m.id, { error: { type: 'api_connection_error', message: 'We could not reach Stripe.' } }); });
  });
  parent.postMessage({ event: 'resize', height: document.body.scrollHeight + 4 }, '*');
  parent.postMessage({ event: 'ready' }, '*');
})();
</script></body></html>`;
}
