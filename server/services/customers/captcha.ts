/** Decides whether a captcha token proves a human (spec section 5: 'invalid gives a human-verification error'). */
export interface CaptchaVerifier {
  readonly enabled: boolean;
  verify(token: string | undefined, remoteAddress: string): Promise<boolean>;
}

/** Development: no captcha is asked and every request passes. */
export const captchaOff: CaptchaVerifier = {
  enabled: false,
  verify: () => Promise.resolve(true),
};

/**
 * Google reCAPTCHA's server check: POSTs the secret and token to siteverify and reads `success`.
 * An unreachable verifier fails closed.
 */
export class RecaptchaVerifier implements CaptchaVerifier {
  readonly enabled = true;
  private readonly secret: string;
  private readonly url: string;
  private readonly fetchFn: typeof fetch;

  constructor(secret: string, url: string, fetchFn: typeof fetch = fetch) {
    this.secret = secret;
    this.url = url;
    this.fetchFn = fetchFn;
  }

  async verify(token: string | undefined, remoteAddress: string): Promise<boolean> {
    if (!token) return false;
    try {
      const res = await this.fetchFn(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secret, response: token, remoteip: remoteAddress }),
        signal: AbortSignal.timeout(5_000),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { success?: unknown };
      return body.success === true;
    } catch {
      return false;
    }
  }
}
