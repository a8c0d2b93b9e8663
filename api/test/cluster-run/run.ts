// `npm run test:cluster` (issue 20): three servers behind nginx on one PostgreSQL database, Redis and
// an S3 server (s3rver; every server's readiness checks it), all on loopback. Proves and prints: a publish through server 1 shows on every server
// within 2 s; the alumni limit holds across servers; a school created with `npm run school` is
// served on its host name by every server (and its suspension holds everywhere within 2 s); a scheduled job runs once; a photo uploaded
// through server 1 is served by server 3; a server killed with SIGKILL under 200 connections loses
// no acknowledged write and no GET; then the per-server figures of docs/scaling.md. Needs: the site built (`npm run build`), nginx, wrk, PostgreSQL at
// TEST_DATABASE_URL and Redis at TEST_REDIS_URL (defaults on 127.0.0.1). Exits 1 when a check fails.
import { openDatabase } from '../../src/db/index.ts';
import { insertAlumniSubmission } from '../../src/repositories/alumni.ts';
import { RETENTION_ACTION } from '../../src/privacy/retention.ts';
import { insertAuditRow } from '../../src/repositories/audit.ts';
import { closeRedis, openRedis } from '../../src/cluster/redis.ts';
import {
  accessLogExpiredOnce,
  alumniLimitHolds,
  jobRanOnce,
  newSchoolEverywhere,
  publishShowsEverywhere,
  readyEverywhere,
  survivesSigkill,
  type Outcome,
} from './checks.ts';
import { measurePerServer } from './figures.ts';
import { encodingRate, photoAcrossServers } from './photos.ts';
import { editor, operator } from './staff.ts';
import {
  BALANCER,
  DATABASE_URL,
  REDIS_PREFIX,
  REDIS_URL,
  createDatabase,
  kill,
  onStop,
  startNginx,
  startS3,
  startServer,
  stopEverything,
  tempFolder,
  type ServerProc,
} from './stack.ts';

const WATCHDOG_MS = 10 * 60_000;
/** Old alumni submissions the retention job must erase exactly once. */
const OLD_SUBMISSIONS = 30;
/** Old entries of reads of personal data the same run must delete exactly once. */
const OLD_ACCESS_ENTRIES = 20;
/** Retention's first tick comes 15 s after a server listens (api/src/privacy/retention.ts). */
const FIRST_RETENTION_TICK_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const watchdog = setTimeout(() => {
  console.error(`test:cluster ran longer than ${WATCHDOG_MS / 60_000} minutes: stopping everything.`);
  void stopEverything().finally(() => process.exit(1));
}, WATCHDOG_MS);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping everything.`);
    void stopEverything().finally(() => process.exit(130));
  });
}

const results: Array<{ name: string; outcome: Outcome }> = [];
function report(name: string, outcome: Outcome): void {
  results.push({ name, outcome });
  console.log(`\n${outcome.skipped ? 'SKIP' : outcome.ok ? 'PASS' : 'FAIL'} ${name}`);
  for (const line of outcome.lines) console.log(`  ${line}`);
}

async function main(): Promise<void> {
  const started = Date.now();
  await createDatabase();
  const db = openDatabase(DATABASE_URL);
  onStop(() => db.destroy());
  const redis = openRedis(REDIS_URL, { warn: () => {} });
  onStop(async () => {
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    await closeRedis(redis);
  });

  await startS3();
  // Server 1 migrates and seeds; the others start on the ready database.
  console.log('Starting server 1 (migrates and seeds PostgreSQL)…');
  const servers: ServerProc[] = [await startServer(0)];
  for (let i = 0; i < OLD_SUBMISSIONS; i++) {
    const id = await insertAlumniSubmission(db, 'STHSM', 'alumni', {
      fromYear: '1990 to 1991',
      class: '1',
      toYear: '2001 to 2002',
      school2: '12',
      fatherName: 'Old',
      subject: '1',
      name: 'Old Cluster Alumna',
      email: 'old@example.org',
      phone: '00000 00000',
      location: 'Testville',
      address: '1 Example Road',
      school: '',
      profession3: '',
      school1: '',
      designation: '',
      address1: '',
      profession1: '31',
    });
    await db.updateTable('alumni_submissions').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('_id', '=', id).execute();
  }
  // Reads of personal data two years old: the same run deletes them, once (docs/decisions/0152).
  for (let i = 0; i < OLD_ACCESS_ENTRIES; i++) {
    await insertAuditRow(db, {
      id: `cluster-old-read-${i}`,
      at: '2020-01-01T00:00:00.000Z',
      school_code: 'STHSM',
      actor_id: null,
      actor_email: 'reader@example.org',
      action: 'submissions.opened',
      target: `cluster-${i}`,
      ip: null,
      before: null,
      after: null,
    });
  }
  console.log('Starting servers 2 and 3 and nginx…');
  servers.push(...(await Promise.all([startServer(1), startServer(2)])));
  const allUp = Date.now();
  await startNginx();
  const staff = await editor(servers[0]?.origin ?? '');

  report('every server ready: database, Redis and S3 answer', await readyEverywhere(servers));
  report('a publish through server 1 shows on every server within 2 s', await publishShowsEverywhere(staff, servers));
  report('the alumni rate limit holds across servers', await alumniLimitHolds(servers));
  report(
    'a school created with npm run school is served on its host name everywhere; a suspension holds everywhere within 2 s',
    await newSchoolEverywhere(await operator(servers[0]?.origin ?? ''), servers, {
      DATABASE_URL,
      DATA_DIR: tempFolder('school-cli'),
      SITE_URL: BALANCER,
      LOG_LEVEL: 'silent',
    }),
  );
  // Every server has ticked once (and found the hour's slot taken, or run it).
  await sleep(Math.max(0, allUp + FIRST_RETENTION_TICK_MS + 3000 - Date.now()));
  report('the retention job runs once with three servers', await jobRanOnce(db, OLD_SUBMISSIONS, RETENTION_ACTION));
  report(
    'reads of personal data older than a year are deleted once with three servers',
    await accessLogExpiredOnce(db, OLD_ACCESS_ENTRIES),
  );
  report('a photo uploaded through server 1 is served by server 3', await photoAcrossServers(staff, servers, db));
  report('SIGKILL of a server under 200 connections', await survivesSigkill(staff, servers[1] as ServerProc, db));

  const figures = await measurePerServer(servers[0] as ServerProc, DATABASE_URL);
  report('per-server figures (server 1 alone, shared 2-core machine)', figures);
  report('photos encoded per minute (servers 1 and 3)', await encodingRate(staff, servers[0] as ServerProc, db));
  const term = Date.now();
  const code = await kill(servers[2] as ServerProc, 'SIGTERM');
  report('SIGTERM: server 3 drains, closes PostgreSQL, Redis and S3, exits 0', {
    ok: code === 0,
    lines: [`exit code ${code} after ${Date.now() - term} ms`],
  });
  console.log(`\ntest:cluster took ${Math.round((Date.now() - started) / 1000)} s`);
}

let failed = false;
try {
  await main();
  failed = results.some((r) => !r.outcome.ok);
} catch (err) {
  failed = true;
  console.error(`\ntest:cluster stopped: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
} finally {
  await stopEverything();
}
if (failed)
  console.error(
    `\ntest:cluster FAILED: ${
      results
        .filter((r) => !r.outcome.ok)
        .map((r) => r.name)
        .join('; ') || 'see above'
    }`,
  );
else console.log('\ntest:cluster passed');
process.exit(failed ? 1 : 0);
