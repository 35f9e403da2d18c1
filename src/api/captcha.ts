/**
 * reCAPTCHA v3 in the browser: with the site key from the settings, loads Google's script once and
 * returns a token for an action; without a key (development) there is no captcha and no token.
 * The box office verifies a token on login, on every seat lock and unlock, and on the payment commit.
 */
interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
}

let loading: Promise<Grecaptcha> | null = null;

function load(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export async function captchaToken(siteKey: string | null, action: string): Promise<string | undefined> {
  if (!siteKey) return undefined;
  const g = await load(siteKey);
  return g.execute(siteKey, { action });
}

let siteKey: string | null = null;

/** The site key of the settings (null: no captcha); set once the session starts. */
export function configureCaptcha(key: string | null): void {
  siteKey = key;
}

/** `{ recaptchaToken }` for a call the box office guards, or nothing when no captcha is configured. */
export async function captchaField(action: string): Promise<{ recaptchaToken?: string }> {
  const token = await captchaToken(siteKey, action);
  return token ? { recaptchaToken: token } : {};
}
