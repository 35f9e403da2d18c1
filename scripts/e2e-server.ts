import { rmSync } from 'node:fs';
import { join } from 'node:path';

/** The server for browser tests: the built shop, SQLite in a data folder emptied on every run. */
const dir = process.env.E2E_DATA_DIR ?? join(import.meta.dirname, '..', 'test-results', 'e2e-data');
rmSync(dir, { recursive: true, force: true });
process.env.DATA_DIR = dir;
delete process.env.DATABASE_URL;
// The login tests read the codes from the development SMS outbox.
process.env.DEV_OUTBOX = '1';
await import('../server/main.ts');
