import { Client } from 'pg';
import type { WrkResult } from '../../../bench/wrk-output.ts';
import type { Outcome } from './checks.ts';
import { wrk } from './checks.ts';
import type { ServerProc } from './stack.ts';

// The per-server figures of docs/scaling.md, measured on server 1 directly (no balancer), while the
// PostgreSQL connections of the run's database are sampled. Figures, not assertions: the machine is
// shared, so they vary from run to run.

const SECONDS = 8;

/** The most connections to `databaseUrl`'s database seen while `during` runs. */
async function peakConnections<T>(databaseUrl: string, during: Promise<T>): Promise<{ value: T; peak: number }> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  let peak = 0;
  const stop = new AbortController();
  const sampling = (async () => {
    while (!stop.signal.aborted) {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      peak = Math.max(peak, Number(rows[0]?.n ?? 0));
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  try {
    const value = await during;
    return { value, peak };
  } finally {
    stop.abort();
    await sampling.catch(() => {});
    await client.end();
  }
}

const line = (name: string, r: WrkResult) => `${name}: ${Math.round(r.rps)} req/s, p99 ${r.p99Ms} ms, ${r.errors + r.non2xx} errors`;

export async function measurePerServer(server: ServerProc, databaseUrl: string): Promise<Outcome> {
  const gzip = 'Accept-Encoding: br, gzip';
  const cached = await wrk(`${server.origin}/`, SECONDS, 50, [gzip]);
  // Any cookie but visited_* skips the page cache: every request renders (its API reads stay cached).
  const uncached = await peakConnections(databaseUrl, wrk(`${server.origin}/`, SECONDS, 20, [gzip, 'Cookie: cluster=uncached']));
  const api = await wrk(`${server.origin}/api/news/STHSM`, SECONDS, 50, [gzip]);
  const figures = [cached, uncached.value, api];
  return {
    ok: figures.every((r) => r.errors + r.non2xx === 0 && r.rps > 0),
    lines: [
      line('cached page / (wrk -c50)', cached),
      line('uncached render / (wrk -c20, page cache skipped)', uncached.value),
      line('API /api/news/STHSM (wrk -c50)', api),
      `PostgreSQL connections to the database at most ${uncached.peak} during the uncached run (pool: at most 10 per server)`,
    ],
  };
}
