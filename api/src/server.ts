// `npm start`: config → database → migrations → demo seed on an empty database → API + site → listen.
import { buildApp } from './app.ts';
import { DEFAULT_TRUST_PROXY, loadConfig, type Config } from './config.ts';
import { engineOf, migrateToLatest, openDatabase } from './db/index.ts';
import { seedDemo } from './db/seed.ts';
import { countSchools } from './repositories/schools.ts';
import { mountSite } from './site.ts';
import { schoolToday } from './http.ts';

const SHUTDOWN_GRACE_MS = 10_000;

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

const engine = engineOf(config.databaseUrl);
const db = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(db, { engine });
  if ((await countSchools(db)) === 0) {
    console.log('Empty database: seeding the demo school…');
    await seedDemo(db, config.mediaRoot, schoolToday(config.timeZone), config.cacheDir);
  }
} catch (err) {
  console.error(`Database start-up failed (${engine}): ${err instanceof Error ? err.message : String(err)}`);
  await db.destroy().catch(() => {});
  process.exit(1);
}

const app = await buildApp({ config, db, responseCache: true });
// The in-process site forwards the visitor's address with its form posts only when TRUST_PROXY
// is set (web/app/routes/alumni.tsx): publish the default so both halves follow one rule (decision 0017).
process.env.TRUST_PROXY ??= DEFAULT_TRUST_PROXY;
await mountSite(app);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
  timer.unref();
  await app.close();
  await db.destroy();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`School site and API on http://${shownHost}:${config.port}/ (API under /api, database: ${engine})`);
} catch (err) {
  console.error(`Could not listen on ${config.host}:${config.port}: ${err instanceof Error ? err.message : String(err)}`);
  await db.destroy();
  process.exit(1);
}
