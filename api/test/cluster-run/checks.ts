import { spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { parseWrk, type WrkResult } from '../../../bench/wrk-output.ts';
import type { Db } from '../../src/db/index.ts';
import { ACCESS_EXPIRED_ACTION } from '../../src/privacy/access-log.ts';
import { ALUMNI_FORM } from '../cluster/support.ts';
import { BALANCER, FORM_LIMIT, kill, launch, REPO, type ServerProc } from './stack.ts';
import type { Staff } from './staff.ts';

// The properties `npm run test:cluster` proves, one function each. Each answers its figures and
// whether it held; run.ts prints them and fails the run when one did not hold.

export interface Outcome {
  ok: boolean;
  /** Not run (what it needs is missing); printed as SKIP, not counted as a pass. */
  skipped?: boolean;
  lines: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PUBLISH_WITHIN_MS = 2000;

/** `wrk --latency` against `url`, bounded. */
export async function wrk(url: string, seconds: number, connections: number, headers: string[] = []): Promise<WrkResult> {
  const proc = launch(
    'wrk',
    ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '--latency', ...headers.flatMap((h) => ['-H', h]), url],
    {},
  );
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => void kill(proc, 'SIGKILL').then(() => resolve(null)), (seconds + 30) * 1000);
    proc.child.once('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  if (code !== 0) throw new Error(`wrk ${url} failed (${code}):\n${proc.tail()}`);
  return parseWrk(proc.tail());
}

async function bodyOf(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  return res.ok ? res.text() : '';
}

/** A news item published through server 1 shows on every server, directly and through the balancer. */
export async function publishShowsEverywhere(staff: Staff, servers: ServerProc[]): Promise<Outcome> {
  const title = `Cluster check ${process.pid} ${Date.now()}`;
  const places = [
    ...servers.flatMap((s) => [
      { name: `server ${s.index + 1} API`, url: `${s.origin}/api/news/STHSM` },
      { name: `server ${s.index + 1} page`, url: `${s.origin}/news` },
    ]),
    // Round robin: three reads in a row through nginx reach the three servers.
    ...[1, 2, 3].map((n) => ({ name: `balancer page read ${n}`, url: `${BALANCER}/news` })),
  ];
  // Every cache is warm and holds the list without the new item.
  for (let round = 0; round < 2; round++) for (const p of places) await bodyOf(p.url);

  const res = await staff.send(servers[0]?.origin ?? '', 'POST', '/api/admin/STHSM/content/news', {
    title,
    date: new Date().toISOString().slice(0, 10),
    description: 'Published through server 1 by the cluster check.',
    attachments: [],
    intent: 'publish',
  });
  if (res.status !== 201) return { ok: false, lines: [`publish through server 1 answered ${res.status}: ${await res.text()}`] };
  const published = Date.now();
  const seenAfter = new Map<string, number>();
  while (seenAfter.size < places.length && Date.now() - published < 10_000) {
    for (const p of places) {
      if (seenAfter.has(p.name)) continue;
      if ((await bodyOf(p.url)).includes(title)) seenAfter.set(p.name, Date.now() - published);
    }
    await sleep(20);
  }
  const lines = places.map((p) => {
    const ms = seenAfter.get(p.name);
    return `${p.name}: ${ms === undefined ? 'NOT within 10 s' : `${ms} ms`}`;
  });
  const worst = Math.max(...places.map((p) => seenAfter.get(p.name) ?? Number.POSITIVE_INFINITY));
  lines.unshift(`published through server 1; visible everywhere after ${worst} ms (limit ${PUBLISH_WITHIN_MS} ms)`);
  return { ok: worst <= PUBLISH_WITHIN_MS, lines };
}

/** One client posting the alumni form through the balancer (so to every server): exactly FORM_LIMIT accepted. */
export async function alumniLimitHolds(servers: ServerProc[]): Promise<Outcome> {
  const attempts = FORM_LIMIT * 3;
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i++) {
    // Through the balancer, and directly to each server in turn.
    const origin = i % 2 === 0 ? BALANCER : (servers[i % servers.length]?.origin ?? BALANCER);
    const res = await fetch(`${origin}/api/form/STHSM/alumni`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ALUMNI_FORM),
      signal: AbortSignal.timeout(10_000),
    });
    statuses.push(res.status);
  }
  const accepted = statuses.filter((s) => s === 201).length;
  const limited = statuses.filter((s) => s === 429).length;
  return {
    ok: accepted === FORM_LIMIT && limited === attempts - FORM_LIMIT,
    lines: [
      `${attempts} posts from one client over the balancer and all three servers: ${accepted} accepted, ${limited} answered 429 (limit ${FORM_LIMIT} a minute)`,
    ],
  };
}

/** The retention job, due on all three servers in the same hour, ran once. */
export async function jobRanOnce(db: Db, seeded: number, action: string): Promise<Outcome> {
  const runs = await db.selectFrom('retention_runs').select(['slot', 'erased']).execute();
  const audits = await db.selectFrom('audit_log').select('id').where('action', '=', action).execute();
  const left = await db.selectFrom('alumni_submissions').select('_id').where('name', '=', 'Old Cluster Alumna').execute();
  const erased = runs.reduce((n, r) => n + r.erased, 0);
  return {
    ok: runs.length === 1 && audits.length === 1 && erased === seeded && left.length === 0,
    lines: [
      `retention job: ${runs.length} run(s) recorded for slot ${runs.map((r) => r.slot).join(', ')}, ${audits.length} audit entr${audits.length === 1 ? 'y' : 'ies'}, ${erased} of ${seeded} old submissions erased, ${left.length} left`,
    ],
  };
}

/** The same run deleted the year-old reads of personal data, and recorded it once (docs/decisions/0152). */
export async function accessLogExpiredOnce(db: Db, seeded: number): Promise<Outcome> {
  const left = await db.selectFrom('audit_log').select('id').where('id', 'like', 'cluster-old-read-%').execute();
  const expired = await db.selectFrom('audit_log').select('target').where('action', '=', ACCESS_EXPIRED_ACTION).execute();
  return {
    ok: left.length === 0 && expired.length === 1 && expired[0]?.target === `${seeded} entries`,
    lines: [
      `access log: ${seeded - left.length} of ${seeded} year-old reads deleted, ${expired.length} "expired" entr${expired.length === 1 ? 'y' : 'ies'} (${expired.map((e) => e.target).join(', ')})`,
    ],
  };
}

/**
 * 200 connections load pages through the balancer while 4 writers save drafts through it; server
 * 2 is killed with SIGKILL mid-way. Every write that was acknowledged (201) must be in the
 * database, and no GET may fail (nginx retries the dead server's GETs on the others).
 */
export async function survivesSigkill(staff: Staff, victim: ServerProc, db: Db): Promise<Outcome> {
  const seconds = 12;
  const acknowledged: string[] = [];
  const refused = new Map<number | string, number>();
  const stopWriting = new AbortController();
  const writer = async (n: number) => {
    for (let i = 0; !stopWriting.signal.aborted; i++) {
      const outcome = await staff
        .send(BALANCER, 'POST', '/api/admin/STHSM/content/news', {
          title: `Draft ${n}-${i} during the kill`,
          date: '2026-05-01',
          description: 'Saved while a server is killed.',
          attachments: [],
        })
        .then(
          async (res) => (res.status === 201 ? ((await res.json()) as { item: { id: string } }).item.id : res.status),
          (err: unknown) => (err instanceof Error ? err.name : 'error'),
        );
      if (typeof outcome === 'string' && outcome.length > 12) acknowledged.push(outcome);
      else refused.set(outcome, (refused.get(outcome) ?? 0) + 1);
    }
  };
  const load = wrk(`${BALANCER}/`, seconds, 200, ['Accept-Encoding: br, gzip']);
  const writers = [1, 2, 3, 4].map((n) => writer(n));
  await sleep(4000);
  await kill(victim, 'SIGKILL');
  const killedAt = Date.now();
  const result = await load;
  stopWriting.abort();
  await Promise.all(writers);
  const found = new Set(
    acknowledged.length === 0
      ? []
      : (await db.selectFrom('news').select('_id').where('_id', 'in', acknowledged).execute()).map((r) => r._id),
  );
  const lost = acknowledged.filter((id) => !found.has(id));
  const getErrors = result.errors + result.non2xx;
  return {
    ok: lost.length === 0 && getErrors === 0 && acknowledged.length > 0 && Date.now() - killedAt > 2000,
    lines: [
      `GET / through the balancer, 200 connections, ${seconds} s, server ${victim.index + 1} killed (SIGKILL) at 4 s: ` +
        `${result.requests} requests, ${Math.round(result.rps)} req/s, p99 ${result.p99Ms} ms, ${result.errors} socket errors, ${result.non2xx} non-2xx`,
      `writes during the kill: ${acknowledged.length} acknowledged, ${lost.length} of them missing from the database; not acknowledged: ${
        [...refused].map(([k, v]) => `${v}× ${k}`).join(', ') || 'none'
      }`,
    ],
  };
}

/** Every server reports the database, Redis and the S3 store answering. */
export async function readyEverywhere(servers: ServerProc[]): Promise<Outcome> {
  const lines: string[] = [];
  let ok = true;
  for (const s of servers) {
    const res = await fetch(`${s.origin}/api/health/ready`, { signal: AbortSignal.timeout(5000) });
    const body = (await res.json()) as { checks?: Record<string, string> };
    const checks = body.checks ?? {};
    ok &&= res.status === 200 && ['database', 'redis', 'storage'].every((name) => checks[name] === 'ok');
    lines.push(`server ${s.index + 1}: ${res.status} ${JSON.stringify(checks)}`);
  }
  return { ok, lines };
}

/** Within a minute, the limit OPERATIONS.md gives for a host name to reach every server. */
const HOST_WITHIN_MS = 60_000;

/** GET / as a visitor of `host` (Node's fetch will not send another Host): the status and the page. */
function visit(origin: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.get(`${origin}/`, { headers: { host }, timeout: 5000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', () => resolve({ status: 0, body: '' }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
}

/** How long until every place answers `host` as `wanted` says, each place timed on its own (up to `limitMs`). */
async function untilEverywhere(
  places: Array<{ name: string; origin: string }>,
  host: string,
  wanted: (answer: { status: number; body: string }) => boolean,
  limitMs: number,
): Promise<{ worst: number; lines: string[] }> {
  const from = Date.now();
  const seenAfter = new Map<string, number>();
  while (seenAfter.size < places.length && Date.now() - from < limitMs) {
    for (const p of places) {
      if (!seenAfter.has(p.name) && wanted(await visit(p.origin, host))) seenAfter.set(p.name, Date.now() - from);
    }
    await sleep(20);
  }
  const lines = places.map((p) => `${p.name}: ${seenAfter.has(p.name) ? `${seenAfter.get(p.name)} ms` : `NOT within ${limitMs} ms`}`);
  return { worst: Math.max(...places.map((p) => seenAfter.get(p.name) ?? Number.POSITIVE_INFINITY)), lines };
}

/**
 * A school created with `npm run school -- create --host` (another process, on the shared
 * database) is served on its host name by every server within a minute; an operator's suspension
 * through server 1 turns its site into the 503 page on every server within 2 s, and lifting it
 * brings the site back as fast (each server holds a suspension per content counter).
 */
export async function newSchoolEverywhere(operator: Staff, servers: ServerProc[], cliEnv: Record<string, string>): Promise<Outcome> {
  const code = 'CLUSTER';
  const name = 'Cluster Check Public School';
  const host = `cluster-${process.pid}.school.example`;
  const places = [
    ...servers.map((s) => ({ name: `server ${s.index + 1}`, origin: s.origin })),
    ...[1, 2, 3].map((n) => ({ name: `balancer read ${n}`, origin: BALANCER })),
  ];
  // Every server has been asked for the name before it exists: a 404 page, and nothing remembered.
  for (const p of places) {
    const before = await visit(p.origin, host);
    if (before.status !== 404) return { ok: false, lines: [`${p.name} answered ${before.status} for ${host} before it existed`] };
  }
  const cli = spawnSync(
    path.join(REPO, 'node_modules', '.bin', 'node'),
    ['api/src/schools/cli.ts', 'create', '--code', code, '--name', name, '--host', host],
    { cwd: REPO, encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...cliEnv } },
  );
  if (cli.status !== 0) return { ok: false, lines: [`npm run school -- create failed: ${cli.stderr}${cli.stdout}`] };
  const served = await untilEverywhere(places, host, (a) => a.status === 200 && a.body.includes(name), HOST_WITHIN_MS);
  const lines = [
    `created with npm run school; served on ${host} everywhere after ${served.worst} ms (limit ${HOST_WITHIN_MS} ms)`,
    ...served.lines,
  ];
  let ok = served.worst <= HOST_WITHIN_MS;

  for (const suspended of [true, false]) {
    const res = await operator.send(servers[0]?.origin ?? '', 'PUT', `/api/admin/schools/${code}/suspension`, { suspended });
    if (res.status !== 200)
      return { ok: false, lines: [...lines, `suspension ${suspended} through server 1 answered ${res.status}: ${await res.text()}`] };
    const seen = await untilEverywhere(places, host, (a) => a.status === (suspended ? 503 : 200), PUBLISH_WITHIN_MS * 5);
    lines.push(
      `${suspended ? 'suspended' : 'lifted'} through server 1; ${suspended ? '503' : '200'} everywhere after ${seen.worst} ms (limit ${PUBLISH_WITHIN_MS} ms)`,
      ...seen.lines,
    );
    ok &&= seen.worst <= PUBLISH_WITHIN_MS;
  }
  return { ok, lines };
}
