import { z } from 'zod';
import { LocaleSchema } from './common.ts';

export const SessionAnswerSchema = z.object({ uuid: z.uuid() }).meta({ id: 'Session' });

export const SeatColorsSchema = z.object({
  background: z.string(),
  screen: z.string(),
  rows: z.string(),
  selected: z.string(),
  default: z.string(),
  taken: z.string(),
});

export const SettingsAnswerSchema = z
  .object({
    locales: z.object({
      supported: z.array(LocaleSchema),
      enabled: z.array(LocaleSchema),
      default: LocaleSchema,
      fallback: LocaleSchema,
    }),
    currency: z.object({ code: z.string(), symbol: z.string(), decimals: z.number().int() }),
    country: z.string(),
    timeZone: z.string(),
    maxSeatsPerTransaction: z.number().int().positive(),
    seatplan: z.object({
      colors: SeatColorsSchema,
      legendMode: z.enum(['full', 'compact', 'none']),
      colorMode: z.enum(['ticketGroup', 'status']),
    }),
    authRequired: z.boolean(),
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof SettingsAnswerSchema>;
