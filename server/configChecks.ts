import type { ServerConfig } from './config.ts';

/** Fewer characters than this is no secret worth the name (AUTH_SECRET: openssl rand -base64 48 gives 64). */
const MIN_AUTH_SECRET_LENGTH = 32;

/**
 * What NODE_ENV=production refuses to start with: development shortcuts, and settings missing or unsafe
 * for a shop on the internet. loadConfig lists them all at once, after the values it could not read.
 */
export function productionProblems(env: NodeJS.ProcessEnv, config: ServerConfig): string[] {
  const problems: string[] = [];
  const refuse = (text: string) => problems.push(`NODE_ENV=production: ${text}`);
  if (config.smsSender === 'outbox')
    refuse(
      'SMS_SENDER is the development outbox (login codes would never reach customers); ' +
        'set SMS_SENDER=http and SMS_GATEWAY_URL',
    );
  else if (!config.smsGatewayUrl)
    refuse('SMS_SENDER=http needs SMS_GATEWAY_URL (where login codes are posted)');
  if (!config.authSecret)
    refuse(
      'AUTH_SECRET is not set; every box-office process needs the same long random secret ' +
        '(it signs visitor ids and hashes one-time codes)',
    );
  else if (config.authSecret.length < MIN_AUTH_SECRET_LENGTH)
    refuse(
      `AUTH_SECRET is ${config.authSecret.length} characters long; use at least ${MIN_AUTH_SECRET_LENGTH} ` +
        'random ones (openssl rand -base64 48)',
    );
  if (env.DEV_OUTBOX === '1') refuse('DEV_OUTBOX=1 would show every login code; remove it');
  const publicUrl = publicUrlProblem(env.PUBLIC_URL);
  if (publicUrl) refuse(publicUrl);
  if (!config.smtpUrl)
    refuse(
      'SMTP_URL is not set: order confirmations and e-tickets would stay in the database’s mail outbox; ' +
        'set SMTP_URL (and MAIL_FROM)',
    );
  if (!config.cookieSecure)
    refuse('COOKIE_SECURE is not 1: session cookies would also travel over plain http; set COOKIE_SECURE=1');
  return problems;
}

/** PUBLIC_URL goes into login links sent by SMS: it must be the shop's own https address. */
function publicUrlProblem(value: string | undefined): string | null {
  if (!value)
    return 'PUBLIC_URL is not set (login links would lead to http://localhost); set the shop’s https address';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `PUBLIC_URL '${value}' is not an address (like https://tickets.venue.example)`;
  }
  if (url.protocol !== 'https:')
    return `PUBLIC_URL '${value}' is not https (logins and card details would travel in the clear)`;
  const host = url.hostname;
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host.startsWith('127.'))
    return `PUBLIC_URL '${value}' is this machine; set the address customers reach the shop at`;
  return null;
}
