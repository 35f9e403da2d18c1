/**
 * The box office for bench/seatplanImport.ts, in a process of its own so that its memory and its event
 * loop are measured apart from the bench's: the demo catalogue on a fresh database, listening on PORT.
 */
import { buildApp } from '../server/app.ts';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { seedDemoCatalogue } from '../server/seed/index.ts';

const config = loadConfig();
const db = await openDatabase({
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  databaseSchema: config.databaseSchema,
});
await seedDemoCatalogue(db.kysely, systemClock.now(), { demoSales: false });
const app = await buildApp({ config, db, reconciler: false });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
