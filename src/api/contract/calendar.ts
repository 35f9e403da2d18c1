import { z } from 'zod';
import { LocaleSchema } from './common.ts';

/**
 * GET /presentations/{id}/calendar.ics and GET /edocument/{documentKey}/calendar.ics: "add to
 * calendar" files (RFC 5545, times in the venue's zone). The answer is text/calendar, not JSON.
 */
export const CalendarQuerySchema = z.object({
  language: LocaleSchema.optional().describe(
    'language of the texts; default: the presentation page’s default language, or the order’s',
  ),
});
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;

export const CalendarFileSchema = z.string().describe('an iCalendar file (text/calendar)');

export { edocumentCalendarPath, presentationCalendarPath } from './calendarPaths.ts';
