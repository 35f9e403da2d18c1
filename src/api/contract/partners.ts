import { z } from 'zod';
import { IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';
import { PresentationSummarySchema } from './presentations.ts';

/**
 * Partners (issue 20): a venue's partner mini-sites (a hotel chain's or a workers' committee's
 * storefront, `/mini-site/{slug}`, selling its presentations at its own prices) and signed integrations
 * (a partner's site sends customers in with a link signed by a shared secret: GET /integration).
 *
 * The context rides on the calls of an order: `miniSiteUrl` (the mini-site's slug) and `integrationId`
 * (what GET /integration answered) on GET /presentations/{id}, its ticketGroups, the seat status and the
 * commit. Prices only a partner sells are listed and sold only with its context.
 */

export const MiniSiteKindSchema = z.enum(['hotelChain', 'workersCommittee']);
export type MiniSiteKind = z.infer<typeof MiniSiteKindSchema>;

export const MiniSiteSchema = z
  .object({
    id: z.number().int().describe('what cart.referralMiniSiteId names'),
    slug: z.string().describe("the mini-site's miniSiteUrl: /mini-site/{slug}"),
    name: LocalizedTextSchema,
    kind: MiniSiteKindSchema,
    logoUrl: z.string().describe('a path on the shop (an SVG)'),
  })
  .meta({ id: 'MiniSite' });
export type MiniSite = z.infer<typeof MiniSiteSchema>;

export const MiniSitesAnswerSchema = z.object({ miniSites: z.array(MiniSiteSchema) });
export type MiniSitesAnswer = z.infer<typeof MiniSitesAnswerSchema>;

export const MiniSiteParamsSchema = z.object({ slug: z.string().max(100) });

export const MiniSiteStorefrontSchema = MiniSiteSchema.extend({
  presentations: z
    .array(PresentationSummarySchema)
    .describe('the presentations it sells that a customer can still act on, as the events board shows them'),
}).meta({ id: 'MiniSiteStorefront' });
export type MiniSiteStorefront = z.infer<typeof MiniSiteStorefrontSchema>;

/** An integrationId: opaque, from GET /integration. */
export const IntegrationIdSchema = z.string().max(100);

export const IntegrationQuerySchema = z.object({
  TS: z.string().max(20).describe('Unix time in seconds when the partner signed the link (±5 minutes)'),
  ret: z
    .string()
    .max(2000)
    .describe("where the customer goes back to: an absolute URL on the partner's origin"),
  key: z.string().max(200).describe('hex HMAC-SHA256 of TS with the partner secret'),
});
export type IntegrationQuery = z.infer<typeof IntegrationQuerySchema>;

export const IntegrationAnswerSchema = z
  .object({
    integrationId: z.string().describe('send it as integrationId with the order calls, until expiresAt'),
    expiresAt: IsoDateTimeSchema,
    ret: z.string().describe('the return address the link named, checked'),
  })
  .meta({ id: 'IntegrationEntry' });
export type IntegrationAnswer = z.infer<typeof IntegrationAnswerSchema>;

/** The partner context of a call (a query on reads, fields of the commit body). */
export const PartnerContextQuerySchema = z.object({
  miniSiteUrl: z.string().max(200).optional().describe("a partner mini-site's slug"),
  integrationId: IntegrationIdSchema.optional().describe('from GET /integration'),
});
export type PartnerContextQuery = z.infer<typeof PartnerContextQuerySchema>;
