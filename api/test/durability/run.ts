// `npm run test:durability`: the API as a real child process on loopback, on SQLite and on
// PostgreSQL (TEST_DATABASE_URL): (a) 200 clients post alumni forms while the server is SIGKILLed
// 10 times; (b) 10,000 visitor increments at concurrency 200; (c) the database goes away and comes
// back. Prints the figures and a PASS/FAIL line; exits non-zero on failure. Bounded: no loop runs forever.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresStore, sqliteStore, type Store } from './database.ts';
import { databaseOutage, killDuringPosts, visitorIncrements } from './scenarios.ts';
import { apiProcess, tcpProxy, type TcpProxy } from './server.ts';

// DURABILITY_PORT: the first of three ports (another checkout can run beside this one).
const BASE_PORT = Number(process.env.DURABILITY_PORT ?? 3330);
const PORTS = { sqlite: BASE_PORT, postgres: BASE_PORT + 1, proxy: BASE_PORT + 2 };
const KILLS = 10;
/**
 * Each server must have acknowledged at least this many posts before it is killed, so every kill
 * lands on a server that is writing under load (1 s of 200 clients gives a few hundred even on a
 * busy machine; the harness waits up to 5 s more for them).
 */
const MIN_ACKNOWLEDGED_PER_KILL = 50;
/** What the server's own connection must hold when it is killed: anything less loses acknowledged writes on a crash. */
const DURABLE: Record<'sqlite' | 'postgres', Record<string, string[]>> = {
  sqlite: { journal_mode: ['wal'], synchronous: ['FULL', 'EXTRA'] },
  postgres: { synchronous_commit: ['on', 'remote_write', 'remote_apply'], fsync: ['on'], full_page_writes: ['on'] },
};
const CLIENTS = 200;
const INCREMENTS = 10_000;
const OVERALL_LIMIT_MS = 8 * 60_000;

const watchdog = setTimeout(() => {
  console.error(`durability: FAIL — still running after ${OVERALL_LIMIT_MS / 60_000} minutes`);
  process.exit(1);
}, OVERALL_LIMIT_MS);
watchdog.unref();

async function runEngine(engine: 'sqlite' | 'postgres'): Promise<boolean> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `sthsm-durability-${engine}-`));
  const file = path.join(dataDir, 'school.db');
  let store: Store | undefined;
  let proxy: TcpProxy | undefined;
  const started = Date.now();
  const log = (line: string) => console.log(`[durability ${engine}] ${line}`);
  try {
    if (engine === 'postgres') {
      const adminUrl = process.env.TEST_DATABASE_URL ?? '';
      const target = new URL(adminUrl);
      proxy = tcpProxy(PORTS.proxy, { host: target.hostname, port: Number(target.port || 5432) });
      await proxy.start();
      store = await postgresStore(adminUrl, PORTS.proxy);
    } else {
      store = await sqliteStore(file);
    }
    const api = apiProcess(PORTS[engine], {
      DATA_DIR: dataDir,
      DATABASE_URL: store.serverUrl,
      // Every client comes from 127.0.0.1: raise the per-address limits for this run only.
      FORM_RATE_LIMIT_PER_MINUTE: '1000000',
      VISITOR_RATE_LIMIT_PER_MINUTE: '1000000',
      // GET /api/health/database: the settings of the connection the server writes with.
      HEALTH_DATABASE_SETTINGS: 'on',
    });

    const k = await killDuringPosts(api, store, {
      clients: CLIENTS,
      kills: KILLS,
      tag: engine,
      minAcknowledged: MIN_ACKNOWLEDGED_PER_KILL,
    });
    const integrity = await store.integrity();
    log(
      `kills ${k.kills}, posts attempted ${k.attempted}, acknowledged (2xx) ${k.acknowledged}, lost ${k.lost}, changed ${k.changed}, refused/cut ${k.refused}, other statuses ${k.otherStatus}`,
    );
    const fewest = Math.min(...k.acknowledgedPerKill);
    const loaded = k.acknowledgedPerKill.length === KILLS && fewest >= MIN_ACKNOWLEDGED_PER_KILL;
    log(
      `acknowledged before each kill: ${k.acknowledgedPerKill.join(', ')} (fewest ${fewest}, at least ${MIN_ACKNOWLEDGED_PER_KILL} required) → ${loaded ? 'ok' : 'TOO FEW'}`,
    );
    const weak = k.settingsBeforeKill.flatMap((settings, i) =>
      Object.entries(DURABLE[engine])
        .filter(([name, good]) => !good.includes(settings[name] ?? ''))
        .map(([name]) => `kill ${i + 1}: ${name} = ${settings[name] ?? settings.error ?? 'missing'}`),
    );
    const durable = k.settingsBeforeKill.length === KILLS && weak.length === 0;
    log(
      `the server's own connection before each kill: ${
        durable
          ? Object.entries(k.settingsBeforeKill[0] ?? {})
              .map(([n, v]) => `${n} = ${v}`)
              .join(', ')
          : weak.join('; ')
      } → ${durable ? 'ok' : 'NOT DURABLE'}`,
    );
    log(`integrity: ${integrity.detail} → ${integrity.ok ? 'ok' : 'FAILED'}`);

    const v = await visitorIncrements(api, store, { total: INCREMENTS, concurrency: CLIENTS });
    const exact = v.ok === INCREMENTS && v.after === v.before + INCREMENTS && v.stored === v.after && v.distinctAnswers === INCREMENTS;
    log(
      `visitor: ${v.increments} increments at concurrency ${CLIENTS}, 200s ${v.ok}, count ${v.before} → ${v.after} (stored ${v.stored}, expected ${v.before + INCREMENTS}), distinct answers ${v.distinctAnswers}${v.ok === INCREMENTS ? '' : `, others ${JSON.stringify(v.others)}`} → ${exact ? 'exact' : 'WRONG'}`,
    );

    const o = await databaseOutage(api, store, file, proxy);
    for (const line of o.lines) log(`outage: ${line}`);

    const pass = k.kills >= KILLS && loaded && durable && k.lost === 0 && k.changed === 0 && integrity.ok && exact && o.ok;
    log(`${pass ? 'PASS' : 'FAIL'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (!pass && !o.ok) log(api.tail());
    return pass;
  } catch (err) {
    log(`FAIL: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  } finally {
    await proxy?.stop();
    await store?.drop().catch((err: unknown) => log(`could not drop the test database: ${String(err)}`));
    await rm(dataDir, { recursive: true, force: true });
  }
}

const engines: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
if (!process.env.TEST_DATABASE_URL) console.warn('!!! TEST_DATABASE_URL is not set: durability runs on SQLite only !!!');
const results: boolean[] = [];
for (const engine of engines) results.push(await runEngine(engine));
const passed = results.every(Boolean);
console.log(`durability: ${passed ? 'PASS' : 'FAIL'} (${engines.join(', ')})`);
process.exit(passed ? 0 : 1);
