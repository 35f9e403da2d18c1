/**
 * Zod as the shop's bundles see it: Vite resolves the bare 'zod' to this file (vite.config.ts). Zod
 * builds fast parsers with `new Function` and probes for it when a schema is made, an eval the shop's
 * Content-Security-Policy forbids (and browsers report). Configured here, before any schema exists.
 */
import { z } from 'zod/v4';
z.config({ jitless: true });
export * from 'zod/v4';
export { z, z as default };
