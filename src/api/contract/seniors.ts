import { z } from 'zod';

/**
 * POST /presentations/{id}/senior-lookup (issue 20): an ID number for the presentation's senior-citizen
 * prices. The answer is a TicketCodeResult of kind `senior` (vouchers.ts) whose code is the ID number as
 * 9 digits: the seats on its tickets carry it as their `ticketCode`, and the checkout checks it again.
 */
export const SeniorLookupBodySchema = z
  .object({
    idNumber: z
      .string()
      .max(20)
      .describe('the Israeli ID number (teudat zehut) with its check digit; spaces and dashes allowed'),
    recaptchaToken: z.string().max(4000).optional().describe('when the venue uses a captcha'),
  })
  .meta({ id: 'SeniorLookupBody' });
export type SeniorLookupBody = z.infer<typeof SeniorLookupBodySchema>;
