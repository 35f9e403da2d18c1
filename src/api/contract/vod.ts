import { z } from 'zod';
import { IdParam, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';

/**
 * Video on demand (spec sections 2, 3 and 8; issue 17): a purchase's viewing page, the start of a play,
 * the player's heartbeat and the HLS stream behind a signed, short-lived token bound to the purchase.
 */

export const videoStatuses = ['expired', 'current', 'future'] as const;
export const VideoStatusSchema = z.enum(videoStatuses);
export type VideoStatus = z.infer<typeof VideoStatusSchema>;

/** The purchase's unguessable link key: the order's document key. */
export const VodKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const VodParamsSchema = z.object({
  resId: z.string().regex(/^[A-Za-z0-9]{4,40}$/),
  vodId: IdParam,
});
export const VodQuerySchema = z.object({ k: VodKeySchema.optional() });

/** A purchase as its viewing page shows it. */
export const VodViewingSchema = z
  .object({
    reservationIdentifier: z.string(),
    presentationId: z.number().int(),
    title: LocalizedTextSchema,
    durationMinutes: z.number().int(),
    purchasedAt: IsoDateTimeSchema,
    availableFrom: IsoDateTimeSchema,
    availableUntil: IsoDateTimeSchema,
    status: VideoStatusSchema,
    playsAllowed: z.number().int(),
    playsUsed: z.number().int(),
    playsRemaining: z.number().int(),
    lastPlayedAt: IsoDateTimeSchema.nullable(),
    /** The viewing page's address with the purchase's link key (for the owner to keep or share). */
    watchPath: z.string(),
  })
  .meta({ id: 'VodViewing' });
export type VodViewing = z.infer<typeof VodViewingSchema>;

export const VodPlayBodySchema = z.object({
  k: VodKeySchema.optional(),
  /** The play this viewer started before (a reload): within the grace period it goes on uncounted. */
  playId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  /** The browser plays HLS itself (Safari): its token must last the film, as it cannot be renewed. */
  native: z.boolean().default(false),
});
export type VodPlayBody = z.input<typeof VodPlayBodySchema>;

export const VodPlayAnswerSchema = z.object({
  playId: z.string(),
  /** False when the play went on within the grace period (a reload): no play was used. */
  counted: z.boolean(),
  token: z.string(),
  /** The master playlist, behind the token. */
  src: z.string(),
  expiresAt: IsoDateTimeSchema,
  /** How often the player tells the box office it still plays (and renews its token). */
  heartbeatSeconds: z.number().int(),
  viewing: VodViewingSchema,
});
export type VodPlayAnswer = z.infer<typeof VodPlayAnswerSchema>;

export const VodHeartbeatBodySchema = z.object({ token: z.string().max(400) });
export const VodHeartbeatAnswerSchema = z.object({ token: z.string(), expiresAt: IsoDateTimeSchema });
export type VodHeartbeatAnswer = z.infer<typeof VodHeartbeatAnswerSchema>;

export const VodStreamParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{10,300}\.[A-Za-z0-9_-]{10,64}$/),
  '*': z.string().max(120),
});

/** A video on an order's confirmation and e-document: the link to its viewing page. */
export const OrderVideoSchema = z.object({
  presentationId: z.number().int(),
  title: LocalizedTextSchema,
  availableFrom: IsoDateTimeSchema,
  availableUntil: IsoDateTimeSchema,
  status: VideoStatusSchema.describe('where the viewing window stands when the order is read'),
  playsAllowed: z.number().int(),
  watchPath: z.string(),
});
export type OrderVideo = z.infer<typeof OrderVideoSchema>;

/** A rental's stream path from its viewing page: `/vod/{resId}/{vodId}`, with the link key when given. */
export function watchPath(reservationIdentifier: string, presentationId: number, key?: string): string {
  const base = `/vod/${encodeURIComponent(reservationIdentifier)}/${presentationId}`;
  return key ? `${base}?k=${encodeURIComponent(key)}` : base;
}
