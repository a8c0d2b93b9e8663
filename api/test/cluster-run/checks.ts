import { parseWrk, type WrkResult } from '../../../bench/wrk-output.ts';
import type { Db } from '../../src/db/index.ts';
import { ALUMNI_FORM } from '../cluster/support.ts';
import { BALANCER, FORM_LIMIT, kill, launch, type ServerProc } from './stack.ts';
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
