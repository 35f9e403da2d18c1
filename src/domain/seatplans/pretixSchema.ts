/**
 * pretix's seating plan JSON, as its published schema describes it
 * (pretix/src/pretix/static/seating/seating-plan.schema.json): zones → rows → seats at positions, price
 * categories by name, and areas (shapes and texts: a stage, a bar, a label).
 *
 * Read leniently: properties this shop does not know are ignored, names written as numbers are taken as
 * text, and a seat without a position is let through so that the importer can name it
 * (`seat_without_position`) instead of failing the whole file.
 */
import { z } from 'zod';

const Position = z.object({ x: z.number(), y: z.number() });
const Text = z.union([z.string(), z.number().transform(String)]);
const OptionalText = z.union([Text, z.null()]).optional();

export const PretixSeatSchema = z.object({
  seat_guid: Text,
  seat_number: Text,
  uuid: z.string().optional(),
  position: Position.optional(),
  category: Text,
  radius: z.number().optional(),
  start_direction: z.string().nullable().optional(),
});

export const PretixRowSchema = z.object({
  row_number: Text,
  row_label: OptionalText,
  seat_label: OptionalText,
  uuid: z.string().optional(),
  position: Position.optional(),
  row_number_position: z.string().nullable().optional(),
  seats: z.array(PretixSeatSchema),
});

export const PretixAreaSchema = z.object({
  shape: z.string().optional(),
  position: Position.optional(),
  rotation: z.number().optional(),
  rectangle: z.object({ width: z.number(), height: z.number() }).optional(),
  circle: z.object({ radius: z.number() }).optional(),
  ellipse: z.object({ radius: Position }).optional(),
  polygon: z.object({ points: z.array(Position) }).optional(),
  text: z
    .object({
      text: z.string(),
      position: Position.optional(),
      color: z.string().optional(),
      size: z.number().optional(),
    })
    .optional(),
  color: z.string().optional(),
  border_color: z.string().optional(),
  uuid: z.string().optional(),
});

export const PretixZoneSchema = z.object({
  name: OptionalText,
  zone_id: OptionalText,
  uuid: z.string().optional(),
  position: Position,
  rows: z.array(PretixRowSchema),
  areas: z.array(PretixAreaSchema).optional(),
});

export const PretixPlanSchema = z.object({
  name: z.string(),
  size: z.object({ width: z.number(), height: z.number() }).optional(),
  categories: z.array(z.object({ name: Text, color: z.string().optional() })),
  zones: z.array(PretixZoneSchema),
});

export type PretixPlan = z.infer<typeof PretixPlanSchema>;
export type PretixZone = z.infer<typeof PretixZoneSchema>;
export type PretixArea = z.infer<typeof PretixAreaSchema>;

/** What this shop writes: only properties pretix's schema defines (it allows no others). */
export interface PretixExport {
  name: string;
  size: { width: number; height: number };
  categories: { name: string; color: string }[];
  zones: {
    name: string;
    zone_id: string;
    position: { x: number; y: number };
    rows: {
      row_number: string;
      seats: {
        seat_guid: string;
        seat_number: string;
        position: { x: number; y: number };
        category: string;
      }[];
    }[];
    areas?: {
      shape: 'rectangle';
      position: { x: number; y: number };
      rectangle: { width: number; height: number };
      color: string;
      border_color: string;
      text: { text: string; position: { x: number; y: number }; color: string };
    }[];
  }[];
}
