import type { Kysely } from 'kysely';
import type { Settings } from '../../../src/api/contract/session.ts';
import { termsHosts } from '../../../src/domain/terms.ts';
import type { ServerConfig } from '../../config.ts';
import type { Database } from '../../db/types.ts';
import { TtlCache } from '../../ttlCache.ts';

/** How long the partners' return origins are read from memory: they change only when staff add a partner. */
export const PARTNER_HOSTS_TTL_MS = 60_000;

/** The host name of an absolute http(s) address, lower-cased; null for anything else. */
export function hostOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : null;
  } catch {
    return null;
  }
}

/**
 * The hosts an external link (`/http…`, spec section 2) may lead to at once, without the box office's
 * "leaving" page: TRUSTED_LINK_HOSTS, and always the hosts the venue's settings already send customers
 * to (the order terms in every language, the order-received page, the shop's own PUBLIC_URL) and each
 * active partner's return origin. Partners live in the database, so their hosts are read at most once a
 * minute, not once per link.
 */
export class TrustedHosts {
  private readonly fixed: ReadonlySet<string>;
  private readonly partners: TtlCache<'', ReadonlySet<string>>;
  private readonly db: Kysely<Database>;

  constructor(config: ServerConfig, settings: Settings, db: Kysely<Database>, now: () => number) {
    const named = [config.publicUrl, settings.order.orderReceivedUrl].map(hostOf);
    this.fixed = new Set([
      ...config.trustedLinkHosts,
      ...named.filter((h): h is string => h !== null),
      // The terms' address (termsUrl) and each language's, where its terms are one.
      ...termsHosts(settings.order),
    ]);
    this.db = db;
    this.partners = new TtlCache(PARTNER_HOSTS_TTL_MS, now, 1);
  }

  /** Whether a link to this host name (as `URL.hostname` writes it) is followed at once. */
  async has(hostname: string): Promise<boolean> {
    if (this.fixed.has(hostname)) return true;
    return (await this.partners.get('', () => this.partnerHosts())).has(hostname);
  }

  private async partnerHosts(): Promise<ReadonlySet<string>> {
    const rows = await this.db
      .selectFrom('integration_partners')
      .select('return_origin')
      .where('is_active', '=', 1)
      .execute();
    return new Set(rows.map((r) => hostOf(r.return_origin)).filter((h): h is string => h !== null));
  }
}
