/**
 * `npm run staff:admin -- <username>`: makes <username> an active admin with a temporary password, shown
 * here once; at their first login they set their own. Uses the same settings as the box office
 * (DATA_DIR, or DATABASE_URL and DATABASE_SCHEMA), so run it where the box office runs.
 */
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { makeAdmin } from '../server/services/staff/firstAdmin.ts';

const username = (process.argv[2] ?? '').trim().toLowerCase();
if (!/^[a-z0-9][a-z0-9._-]{2,39}$/.test(username)) {
  console.error(
    'usage: npm run staff:admin -- <username>   (3 to 40 letters, digits, dots, dashes, underscores)',
  );
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  databaseSchema: config.databaseSchema,
});
try {
  const { user, temporaryPassword } = await makeAdmin(db.kysely, username, Date.now());
  console.log(`${user.username} is an admin. Temporary password (shown once): ${temporaryPassword}`);
  console.log('Log in at /staff with it; you will be asked to set a password of your own.');
} finally {
  await db.close();
}
