// Prepares a data directory with the demo schools and one more school that has a name and nothing
// else (no profile, no pages, no content), as `npm run school -- create` leaves it (decision 0134;
// web/e2e/brand.spec.ts and admin-unwritten-pages.spec.ts set it up from there).
// Usage: node web/e2e/support/seed-new-school.ts DATA_DIR CODE NAME
import { loadConfig } from '../../../api/src/config.ts';
import { engineOf, migrateToLatest, openDatabase } from '../../../api/src/db/index.ts';
import { upsertSchool } from '../../../api/src/repositories/schools.ts';
import { schoolToday } from '../../../api/src/school-day.ts';
import { seedDemo } from '../../../api/src/seed/seed.ts';

const [dataDir, code, name] = process.argv.slice(2);
if (!dataDir || !code || !name) throw new Error('usage: seed-new-school.ts DATA_DIR CODE NAME');
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const db = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(db, { engine: engineOf(config.databaseUrl) });
  await seedDemo(db, config.mediaRoot, schoolToday(config.timeZone), config.cacheDir, config.demoMediaCache);
  await upsertSchool(db, { code, name, visitor: 0 });
} finally {
  await db.destroy();
}
