import { z } from 'zod';
import { IdParam, IsoDateTimeSchema, LocalizedTextSchema } from './common.ts';

/** The most presentations one waiting room stands in front of. */
export const MAX_ROOM_SHOWS = 200;

/** Issue 40: the waiting room in front of an on-sale, as a visitor sees it and as staff run it. */
export const QueueParamsSchema = z.object({ presentationId: IdParam });

export const QueueJoinBodySchema = z.object({
  again: z
    .boolean()
    .default(false)
    .describe('take a new place at the back: only after the admission pass ran out (state expired)'),
});

export const QueueStatusSchema = z
  .discriminatedUnion('state', [
    z.object({ state: z.literal('none').describe('no waiting room is in force: buy as usual') }),
    z.object({
      state: z.literal('outside').describe('a room is in force and this visitor has no place: join'),
    }),
    z.object({
      state: z.literal('waiting'),
      position: z
        .number()
        .int()
        .positive()
        .nullable()
        .describe('the place; null: came before the opening, drawn at random among those at opensAt'),
      ahead: z
        .number()
        .int()
        .nonnegative()
        .nullable()
        .describe('places still waiting ahead; null before the draw'),
      estimateSeconds: z
        .number()
        .int()
        .positive()
        .nullable()
        .describe('from the admission rate measured over the last minute; null: nobody is being let in yet'),
      admittedPerMinute: z.number().int().nonnegative().describe('the measured admission rate'),
      opensAt: IsoDateTimeSchema,
      pollMs: z.number().int().positive().describe('ask again after this long'),
    }),
    z.object({
      state: z.literal('admitted'),
      passExpiresAt: IsoDateTimeSchema.describe(
        'the admission pass (an HttpOnly cookie) lets seats be chosen until then',
      ),
    }),
    z.object({
      state: z.literal('expired').describe('the admission pass ran out: join again (again: true)'),
    }),
  ])
  .meta({ id: 'QueueStatus' });
export type QueueStatus = z.infer<typeof QueueStatusSchema>;

export const WaitingRoomModeSchema = z.enum(['off', 'on', 'auto']);
export type WaitingRoomMode = z.infer<typeof WaitingRoomModeSchema>;

/** What staff set. */
export const WaitingRoomSettingsSchema = z.object({
  mode: WaitingRoomModeSchema.describe(
    'off; on (in force); auto (in force while more buyers hold seats than autoBuyers)',
  ),
  opensAt: IsoDateTimeSchema.describe(
    'the opening: who arrives before it is given a random place at this instant',
  ),
  admitPerMinute: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .describe('visitors let in per minute (the start when targetMs adapts it)'),
  targetMs: z
    .number()
    .int()
    .min(50)
    .max(60_000)
    .nullable()
    .describe(
      "the p95 of admitted buyers' seat and checkout calls to keep: the rate follows it; null: fixed rate",
    ),
  autoBuyers: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .nullable()
    .describe('auto: buyers holding seats above which it comes on'),
  passMinutes: z
    .number()
    .int()
    .min(1)
    .max(240)
    .describe('how long an admission pass lets its visitor choose seats'),
  alsoFor: z
    .array(z.number().int().positive())
    .max(MAX_ROOM_SHOWS - 1)
    .optional()
    .describe(
      "the other presentations the room stands in front of (one on-sale: a season's first day); absent: as they are",
    ),
});
export type WaitingRoomSettings = z.infer<typeof WaitingRoomSettingsSchema>;

/** A presentation the room could stand in front of too, or does. */
export const WaitingRoomShowSchema = z.object({
  id: z.number().int(),
  title: LocalizedTextSchema,
  hallName: LocalizedTextSchema,
  startsAt: IsoDateTimeSchema,
  roomId: z.string().nullable().describe('the waiting room it is behind now, if any'),
});

export const WaitingRoomLiveSchema = z.object({
  active: z.boolean().describe('in force now'),
  drawn: z.boolean().describe('the places of those who came before the opening are drawn'),
  waiting: z.number().int().nonnegative(),
  admitted: z.number().int().nonnegative(),
  ratePerMinute: z.number().int().nonnegative().describe('the admission rate now'),
  measuredPerMinute: z.number().int().nonnegative(),
  clearsInSeconds: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe('when the last place waiting now gets in'),
  buyers: z.number().int().nonnegative().describe('buyers holding seats at the last round (auto rooms)'),
  latencyMs: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe("admitted buyers' call p95 at the last round"),
});

export const AdminWaitingRoomSchema = z
  .object({
    room: WaitingRoomSettingsSchema.extend({
      id: z.string(),
      presentationIds: z.array(z.number().int()),
      live: WaitingRoomLiveSchema,
    }).nullable(),
    defaults: WaitingRoomSettingsSchema.describe('what a new room starts with (opens at the sale start)'),
    together: z
      .array(WaitingRoomShowSchema)
      .describe("the room's other presentations, and those going on sale at the same instant as this one"),
  })
  .meta({ id: 'AdminWaitingRoom' });
export type AdminWaitingRoom = z.infer<typeof AdminWaitingRoomSchema>;
