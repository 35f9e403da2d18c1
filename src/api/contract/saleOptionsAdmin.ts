import { z } from 'zod';
import { LocalizedTextSchema } from './common.ts';

const Named = z.object({ id: z.number().int(), name: LocalizedTextSchema });

/**
 * What a manager chooses among when setting who buys a show or a ticket type (issue 34): the liability
 * waivers an order may sign, the partners' mini-sites that sell shows, the memberships, the voucher
 * classes and the partner programmes a ticket type may be kept for. Managers and admins.
 */
export const AdminSaleOptionsSchema = z
  .object({
    waivers: z.array(Named.extend({ version: z.number().int() })),
    miniSites: z.array(Named.extend({ active: z.boolean() })),
    memberships: z.array(Named),
    voucherClasses: z.array(Named),
    partnerPrograms: z.array(Named),
  })
  .meta({ id: 'AdminSaleOptions' });
export type AdminSaleOptions = z.infer<typeof AdminSaleOptionsSchema>;
