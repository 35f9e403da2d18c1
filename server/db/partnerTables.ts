/** Partners' mini-sites and signed integrations (migration 016). Part of `Database` (types.ts). */
export interface PartnerTables {
  /** A partner's storefront: `/mini-site/{slug}`, selling its presentations at its own prices. */
  mini_sites: {
    id: number;
    /** Made by the slug helper (src/domain/slug.ts); the `miniSiteUrl` the shop sends. */
    slug: string;
    /** Localized name: JSON { he, en, ru, ar, pl }. */
    name_json: string;
    kind: 'hotelChain' | 'workersCommittee';
    /** The partner's logo, a path under the shop's public folder (an SVG). */
    logo_url: string;
    sort: number;
    is_active: number;
  };
  /** The presentations a mini-site sells (its prices are tickets with its `mini_site_id`). */
  mini_site_presentations: { mini_site_id: number; presentation_id: number };
  /** A partner whose site signs entry links (GET /integration): key = HMAC-SHA256(TS, secret) in hex. */
  integration_partners: {
    id: number;
    name: string;
    secret: string;
    /** The only origin (scheme://host[:port]) a link's `ret` may go back to. */
    return_origin: string;
    is_active: number;
  };
  /** An entry a signed link opened: the opaque integrationId the shop carries, until it expires. */
  integration_entries: {
    id: string;
    partner_id: number;
    ret: string;
    issued_at: number;
    expires_at: number;
  };
}
