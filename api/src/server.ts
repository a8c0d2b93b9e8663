// `npm start`: config → database → migrations → demo seed on an empty database → API + site → listen.
import { buildApp } from './app.ts';
import { loadConfig, trustProxyWarnings, type Config } from './config.ts';
import { engineOf, migrateToLatest, openDatabase } from './db/index.ts';
import { seedDemo } from './seed/seed.ts';
import { countSchools } from './repositories/schools.ts';
import { createSchoolResolver } from './school-hosts.ts';
import { mountSite } from './site.ts';
import { createContentWatch } from './content/watch.ts';
import { createSuspensionCheck } from './schools/suspension.ts';
import { schoolToday } from './school-day.ts';
import { startBackupScheduler, type BackupScheduler } from './backup/scheduler.ts';
import { firstStartSetupLink } from './staff/setup-link.ts';
import { NO_SCHOOL_LINE } from './schools/manage.ts';
import { makeDataDirPrivate, usePrivateUmask } from './privacy/files.ts';
import { startRetentionScheduler, type RetentionScheduler } from './privacy/retention.ts';
import { startHiddenVariantSweep } from './media/consent-variants.ts';
import { openSharedState } from './cluster/shared.ts';
import { localMediaStore } from './backup/media-store.ts';
import { mediaStores } from './media/library.ts';
import { copyAllMedia } from './media/s3.ts';
import { terminalLogStream } from './terminal-log.ts';

// Before anything is created: the data directory's files are the server user's only (issue 16).
usePrivateUmask();

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

for (const warning of await makeDataDirPrivate(config.dataDir)) console.warn(warning);

const engine = engineOf(config.databaseUrl);
const db = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(db, { engine });
  if ((await countSchools(db)) === 0 && config.seedDemo) {
    console.log('Empty database: seeding the demo school…');
    await seedDemo(db, config.mediaRoot, schoolToday(config.timeZone), config.cacheDir, config.demoMediaCache);
    // With S3_BUCKET the demo school's files go where every server reads them.
    if (config.s3)
      console.log(`Copied ${await copyAllMedia(localMediaStore(config.mediaRoot), mediaStores(config).media)} demo files to S3.`);
  }
} catch (err) {
  console.error(`Database start-up failed (${engine}): ${err instanceof Error ? err.message : String(err)}`);
  await db.destroy().catch(() => {});
  process.exit(1);
}

// One view of the content counters for both caches (docs/decisions/0061).
const contentWatch = createContentWatch(db, { onError: (err) => console.warn(`Could not read the content counters: ${String(err)}`) });
// Redis when REDIS_URL is set: shared rate limits, other servers told of writes at once (docs/scaling.md).
const shared = openSharedState(config, contentWatch, {
  warn: (obj, msg) => console.warn(`${msg} ${JSON.stringify(obj)}`),
});
await shared.ready;
// From SIGTERM on, /api/health/ready answers 503 so a balancer sends nothing new.
let closing = false;
const app = await buildApp({
  config,
  db,
  responseCache: true,
  contentWatch,
  ...(shared.redis ? { redis: shared.redis } : {}),
  readiness: { checks: shared.checks, draining: () => closing },
  // In a terminal, lines a person reads; under systemd or CI, JSON (terminal-log.ts).
  ...(process.stdout.isTTY ? { logStream: terminalLogStream() } : {}),
});
// SITE_URL's host name reaches the default school like localhost does (docs/decisions/0131).
const schools = await createSchoolResolver(db, config.schoolCode, {
  defaultHosts: [new URL(config.siteOrigin).hostname],
  suspended: createSuspensionCheck(db, contentWatch),
  onError: (err) => app.log.warn({ err }, 'could not reload the host table; keeping the last one'),
});
await mountSite(app, {
  buildDir: config.webBuildDir,
  schools,
  pageCacheTtlMs: config.pageCacheTtlMs,
  watch: contentWatch,
  siteOrigin: config.siteOrigin,
  allowedOrigins: config.allowedOrigins,
});

let backups: BackupScheduler | null = null;
let retention: RetentionScheduler | null = null;
let stopSweep: (() => void) | null = null;
/**
 * SIGTERM/SIGINT: readiness fails at once, the listener closes (new connections are refused, a
 * request on a kept-alive one gets 503, which a balancer retries elsewhere), requests in flight
 * finish within SHUTDOWN_GRACE_MS, then Redis and the database close and the process exits 0.
 */
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing`);
  const timer = setTimeout(() => {
    app.log.warn(`requests still running after ${config.shutdownGraceMs} ms: exiting anyway`);
    process.exit(1);
  }, config.shutdownGraceMs);
  timer.unref();
  backups?.stop();
  retention?.stop();
  stopSweep?.();
  schools.close();
  await app.close();
  await shared.close();
  await db.destroy();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  for (const warning of trustProxyWarnings(config)) app.log.warn(warning);
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`School site and API on http://${shownHost}:${config.port}/ (API under /api, database: ${engine})`);
  // Daily backups; every server starts the schedule, one makes each backup (docs/decisions/0052).
  backups = startBackupScheduler(config, db, app.log);
  if (backups)
    app.log.info(`backups daily at ${config.backupAt} ${config.timeZone} into ${config.backupDir}, keeping ${config.backupKeep}`);
  // Alumni submissions past the school's retention period are erased hourly (docs/decisions/0111).
  retention = startRetentionScheduler(config, db, app.log);
  // Photos whose children's photo consent has ended lose their made copies within the hour (the file route refuses them at once).
  stopSweep = startHiddenVariantSweep(config, db, app.log);
  // SEED_DEMO=off on an empty database: say how to make the first school (OPERATIONS.md).
  if ((await countSchools(db)) === 0) console.log(NO_SCHOOL_LINE);
  const setupLink = await firstStartSetupLink(db, config).catch((err: unknown) => {
    console.error(`Could not make the first-start setup link: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  });
  if (setupLink)
    console.log(`No administrator yet for ${config.schoolCode}: create the first one at ${setupLink} (one-time link, valid 24 hours)`);
} catch (err) {
  console.error(`Could not listen on ${config.host}:${config.port}: ${err instanceof Error ? err.message : String(err)}`);
  await shared.close();
  await db.destroy();
  process.exit(1);
}
