import { DatabaseSync } from 'node:sqlite';
import { findAlumniSubmission } from '../../src/repositories/alumni.ts';
import { SCHOOL, type Store } from './database.ts';
import { sleep, type ApiProcess, type TcpProxy } from './server.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const REQUEST_TIMEOUT_MS = 20_000;
const LOAD_WAIT_MS = 5_000;
const JSON_HEADERS = { 'content-type': 'application/json', 'user-agent': BROWSER };

function formFor(tag: string) {
  return {
    fromYear: '2004 to 2005',
    class: '1',
    toYear: '2015 to 2016',
    school2: '12',
    fatherName: `Ward ${tag}`,
    subject: '3',
    name: `Durability ${tag}`,
    email: `d.${tag.replaceAll(/[^a-z0-9]/gi, '')}@example.org`,
    phone: '+91 98765 43210',
    location: 'Lucknow',
    address: `${tag} Park Road`,
    school: '',
    profession3: '',
    school1: '',
    designation: '',
    address1: '',
    profession1: '20',
  };
}
type Form = ReturnType<typeof formFor>;

export interface KillResult {
  kills: number;
  attempted: number;
  acknowledged: number;
  /** Posts acknowledged by each server before it was killed: every kill must land on a server under load. */
  acknowledgedPerKill: number[];
  /** What the killed server's own connection held just before each kill (GET /api/health/database). */
  settingsBeforeKill: Record<string, string>[];
  lost: number;
  changed: number;
  refused: number;
  otherStatus: number;
}

/**
 * 200 clients post forms while the server is SIGKILLed and restarted; every 2xx must be stored as
 * sent. A server is killed 0.8-1.5 s after it started and once it has acknowledged `minAcknowledged`
 * posts (waiting at most LOAD_WAIT_MS more, so a slow machine still kills servers under load, and
 * clients that barely post show as too few acknowledgements rather than a hang).
 */
export async function killDuringPosts(
  api: ApiProcess,
  store: Store,
  { clients = 200, kills = 10, tag = '', minAcknowledged = 0 } = {},
): Promise<KillResult> {
  await api.start();
  const state = { running: true };
  let attempted = 0;
  let refused = 0;
  let otherStatus = 0;
  const acked: { _id: string | undefined; form: Form }[] = [];
  /** Acknowledgements per server life: index k is the server the k-th kill ends. */
  const ackedBy: number[] = [0];
  let life = 0;
  const url = `http://127.0.0.1:${api.port}/api/form/${SCHOOL}/alumni`;
  const client = async (c: number) => {
    for (let seq = 0; state.running; seq++) {
      const form = formFor(`${tag}c${c}n${seq}`);
      attempted++;
      try {
        const res = await fetch(url, {
          method: 'POST',
          body: JSON.stringify(form),
          headers: JSON_HEADERS,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        if (res.status >= 200 && res.status < 300) {
          const body = (await res.json().catch(() => ({}))) as { _id?: string };
          acked.push({ _id: body._id, form });
          ackedBy[life] = (ackedBy[life] ?? 0) + 1;
        } else {
          otherStatus++;
          await res.body?.cancel();
          await sleep(50);
        }
      } catch {
        refused++;
        await sleep(50 + Math.random() * 100);
      }
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  let killed = 0;
  const settingsBeforeKill: Record<string, string>[] = [];
  for (let k = 0; k < kills; k++) {
    await sleep(800 + Math.random() * 700);
    const waitUntil = Date.now() + LOAD_WAIT_MS;
    while ((ackedBy[life] ?? 0) < minAcknowledged && Date.now() < waitUntil) await sleep(50);
    settingsBeforeKill.push(await databaseSettings(api));
    await api.kill('SIGKILL');
    killed++;
    life++;
    await api.start();
  }
  await sleep(1000);
  state.running = false;
  await done;
  await api.kill('SIGTERM');

  const db = store.open();
  let lost = 0;
  let changed = 0;
  try {
    for (const { _id, form } of acked) {
      const row = _id
        ? await findAlumniSubmission(db, _id)
        : await db.selectFrom('alumni_submissions').selectAll().where('name', '=', form.name).executeTakeFirst();
      if (!row) lost++;
      else if (row.name !== form.name || row.email !== form.email || row.father_name !== form.fatherName || row.address !== form.address)
        changed++;
    }
  } finally {
    await db.destroy();
  }
  return {
    kills: killed,
    attempted,
    acknowledged: acked.length,
    acknowledgedPerKill: Array.from({ length: killed }, (_, i) => ackedBy[i] ?? 0),
    settingsBeforeKill,
    lost,
    changed,
    refused,
    otherStatus,
  };
}

/** The durability settings of the running server's own database connection (HEALTH_DATABASE_SETTINGS=on). */
async function databaseSettings(api: ApiProcess): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${api.port}/api/health/database`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!res.ok) return { error: `GET /api/health/database answered ${res.status}` };
  return ((await res.json()) as { settings: Record<string, string> }).settings;
}

export interface VisitorResult {
  increments: number;
  ok: number;
  before: number;
  after: number;
  stored: number;
  distinctAnswers: number;
  /** What the requests that did not get a 200 got instead, e.g. {"503": 2, "no answer: TimeoutError": 1}. */
  others: Record<string, number>;
}

/** 10,000 first visits at concurrency 200: the count must move by exactly 10,000. */
export async function visitorIncrements(api: ApiProcess, store: Store, { total = 10_000, concurrency = 200 } = {}): Promise<VisitorResult> {
  await api.start();
  const base = `http://127.0.0.1:${api.port}/api/visitor`;
  const read = async () => ((await (await fetch(`${base}/${SCHOOL}`)).json()) as { visitor: number }[])[0]?.visitor ?? NaN;
  const before = await read();
  let next = 0;
  let ok = 0;
  const answers = new Set<number>();
  const others: Record<string, number> = {};
  const other = (what: string) => {
    others[what] = (others[what] ?? 0) + 1;
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const res = await fetch(base, {
          method: 'POST',
          body: JSON.stringify({ schoolcode: SCHOOL }),
          headers: JSON_HEADERS,
          signal: AbortSignal.timeout(60_000),
        }).catch((error: unknown) => {
          other(`no answer: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.name) : 'unknown'}`);
          return undefined;
        });
        if (res?.status === 200) {
          ok++;
          answers.add(((await res.json()) as { visitor: number }[])[0]?.visitor ?? NaN);
        } else if (res) {
          other(String(res.status));
          await res.body?.cancel();
        }
      }
    }),
  );
  const after = await read();
  await api.kill('SIGTERM');
  const db = store.open();
  const row = await db
    .selectFrom('visitor_counts')
    .select('visitor')
    .where('school_code', '=', SCHOOL)
    .executeTakeFirst()
    .finally(() => db.destroy());
  return { increments: total, ok, before, after, stored: Number(row?.visitor), distinctAnswers: answers.size, others };
}

export interface OutageResult {
  ok: boolean;
  lines: string[];
}

async function probe(api: ApiProcess, what: 'visit' | 'form' | 'read' | 'health') {
  const base = `http://127.0.0.1:${api.port}/api`;
  const init = (body: object) => ({
    method: 'POST',
    body: JSON.stringify(body),
    headers: JSON_HEADERS,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const res = await (what === 'visit'
    ? fetch(`${base}/visitor`, init({ schoolcode: SCHOOL }))
    : what === 'form'
      ? fetch(`${base}/form/${SCHOOL}/alumni`, init(formFor(`outage${Date.now()}`)))
      : what === 'read'
        ? fetch(`${base}/news/${SCHOOL}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
        : fetch(`${base}/health`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }));
  const body = (await res.json().catch(() => ({}))) as { error?: unknown };
  return { status: res.status, error: typeof body.error === 'string' ? body.error : '', retryAfter: res.headers.get('retry-after') };
}

/** Polls until a write answers 200 again, without restarting anything. */
async function recovery(api: ApiProcess, withinMs = 60_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    const r = await probe(api, 'visit').catch(() => undefined);
    if (r?.status === 200) return Date.now() - started;
    await sleep(250);
  }
  return -1;
}

/**
 * The database goes away and comes back. SQLite: another process holds the write lock (reads go on
 * in WAL mode, writes wait the busy time-out, then 503). PostgreSQL: the connection is cut
 * (the proxy stops: refused), then backends are terminated while the server idles.
 */
export async function databaseOutage(api: ApiProcess, store: Store, file: string, proxy?: TcpProxy): Promise<OutageResult> {
  await api.start();
  const lines: string[] = [];
  let ok = true;
  const expect503 = (label: string, r: Awaited<ReturnType<typeof probe>>) => {
    const good = r.status === 503 && r.error.length > 0 && r.retryAfter !== null;
    ok &&= good;
    lines.push(
      `${label}: ${r.status} ${JSON.stringify(r.error)}${r.retryAfter ? ` Retry-After ${r.retryAfter}` : ''} ${good ? 'ok' : 'WRONG'}`,
    );
  };
  try {
    if (store.engine === 'sqlite') {
      const locker = new DatabaseSync(file);
      locker.exec('BEGIN IMMEDIATE');
      expect503('write lock held elsewhere: POST /api/visitor', await probe(api, 'visit'));
      expect503('write lock held elsewhere: POST /api/form', await probe(api, 'form'));
      const read = await probe(api, 'read');
      lines.push(`write lock held elsewhere: GET /api/news (WAL readers go on) ${read.status}`);
      ok &&= read.status === 200;
      locker.exec('ROLLBACK');
      locker.close();
    } else if (proxy) {
      await proxy.stop();
      expect503('connection refused: POST /api/visitor', await probe(api, 'visit'));
      expect503('connection refused: GET /api/news', await probe(api, 'read'));
      const health = await probe(api, 'health');
      lines.push(`connection refused: GET /api/health ${health.status} ${JSON.stringify(health.error)}`);
      ok &&= health.status === 503;
      await proxy.start();
    }
    const recovered = await recovery(api);
    lines.push(recovered >= 0 ? `recovered by itself ${recovered} ms after the database returned` : 'did NOT recover within 60 s');
    ok &&= recovered >= 0;
    if (store.engine === 'postgres') {
      // Backends killed under an idle pool: the server must neither crash nor keep failing.
      const db = store.open();
      await db.selectFrom('schools').select('code').execute();
      const { sql } = await import('kysely');
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(
        db,
      );
      await db.destroy();
      const after = await recovery(api, 30_000);
      lines.push(
        after >= 0 ? `pg_terminate_backend on every connection: served again after ${after} ms` : 'pg_terminate_backend: did NOT recover',
      );
      ok &&= after >= 0;
    }
  } catch (err) {
    ok = false;
    lines.push(`error: ${err instanceof Error ? err.message : String(err)}\n${api.tail()}`);
  } finally {
    await api.kill('SIGTERM');
  }
  return { ok, lines };
}
