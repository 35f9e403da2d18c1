/**
 * The calendar files' API paths (calendar.ts has their contract). Without zod: the e-ticket and the seat
 * step link to them from their first screen (issue 19).
 */

/** The API path of a presentation's calendar file. */
export const presentationCalendarPath = (presentationId: number) =>
  `/presentations/${presentationId}/calendar.ics`;

/** The API path of an order's calendar file, by its e-ticket's document key. */
export const edocumentCalendarPath = (documentKey: string) =>
  `/edocument/${encodeURIComponent(documentKey)}/calendar.ics`;
