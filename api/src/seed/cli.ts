// `npm run seed`: migrates, then rebuilds the demo schools from content/ (alumni submissions are kept).
import { loadConfig } from '../config.ts';
import { engineOf, migrateToLatest, openDatabase } from '../db/index.ts';
import { seedDemo } from './seed.ts';
import { schoolToday } from '../school-day.ts';
import { usePrivateUmask } from '../privacy/files.ts';

// The database and files this command creates are the user's only (issue 16).
usePrivateUmask();

const config = loadConfig();
const db = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(db, { engine: engineOf(config.databaseUrl) });
  await seedDemo(db, config.mediaRoot, schoolToday(config.timeZone), config.cacheDir, config.demoMediaCache);
  console.log(`Seeded the demo schools into ${engineOf(config.databaseUrl) === 'sqlite' ? config.databaseUrl : 'PostgreSQL'}.`);
} finally {
  await db.destroy();
}
