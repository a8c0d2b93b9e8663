// The bench's one table: printed, and written to docs/performance.md with the date, the machine
// and its load while the bench ran.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATEGORIES, median, type LhRun } from './lighthouse.ts';
import { run } from './processes.ts';
import { NGINX } from './tools.ts';
import {
  BIN,
  BUDGET,
  CHROME_PATH,
  LH_RUNS,
  LOAD_CONNECTIONS,
  LOAD_SECONDS,
  QUICK,
  ROOT,
  WRK_CONNECTIONS,
  WRK_SECONDS,
  jsBudgetKb,
} from './settings.ts';
import { importLines, type ImportFigures } from './import.ts';
import type { NewSchoolFigures } from './new-school.ts';
import { notifyLines, type NotifyFigures } from './notify.ts';
import { searchLines, SEARCH_P99_GOAL_MS, type SearchFigures } from './search.ts';
import { uploadLines, type UploadFigures } from './upload.ts';
import type { WrkResult } from './wrk.ts';

export interface BenchResults {
  started: Date;
  load0: number[];
  load1: number[];
  loadSamples: number[];
  lh: { page: string; runs: LhRun[]; noJs: LhRun[] }[];
  /** A new school's pages (none without Lighthouse or with BENCH_SKIP_NEW_SCHOOL=1). */
  fresh: NewSchoolFigures | null;
  weights: { page: string; initial: { gzip: number; br: number; files: number } }[];
  pairs: { name: string; ours: WrkResult; nginx: WrkResult; bytes: number }[];
  loads: { name: string; r: WrkResult }[];
  /** The media library's figures (none with BENCH_SKIP_UPLOADS=1). */
  upload: UploadFigures | null;
  imported: ImportFigures | null;
  /** One notice to 10,000 push and 10,000 e-mail subscribers (none with BENCH_SKIP_NOTIFY=1). */
  notified: NotifyFigures | null;
  /** Search with 10,000 items per school, each engine (none with BENCH_SKIP_SEARCH=1). */
  searched: SearchFigures | null;
}

export function report({
  started,
  load0,
  load1,
  loadSamples,
  lh,
  fresh,
  weights,
  pairs,
  loads,
  upload,
  imported,
  notified,
  searched,
}: BenchResults): void {
  // ---------------------------------------------------------------- report
  const lines: string[] = [];
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const machine = `${os.cpus().length} CPUs (nproc ${os.availableParallelism()}), ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
  lines.push(`Date: ${started.toISOString()}${QUICK ? ' (BENCH_QUICK=1: short runs, not the budget figures)' : ''}`);
  lines.push(`Machine: ${machine}`);
  const meanLoad = loadSamples.reduce((a, b) => a + b, 0) / loadSamples.length;
  lines.push(
    `Load average (1/5/15 min) at start: ${load0.map((l) => l.toFixed(1)).join(' / ')}; at end: ${load1.map((l) => l.toFixed(1)).join(' / ')}; 1-min load during the run (every 10 s): min ${Math.min(...loadSamples).toFixed(1)}, mean ${meanLoad.toFixed(1)}, max ${Math.max(...loadSamples).toFixed(1)}`,
  );
  lines.push(
    `Tools: ${firstLine(run(NGINX, ['-v']) || spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr)}, ${firstLine(spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout)}, Lighthouse ${firstLine(run(path.join(BIN, 'lighthouse'), ['--version']))}, ${firstLine(spawnSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).stdout)}`,
  );
  lines.push('');
  if (lh.length > 0) {
    const bi = median(lh.flatMap((p) => p.runs.map((r) => r.benchmarkIndex)));
    lines.push(
      `### Lighthouse, mobile preset, default (simulated) throttling, median of ${LH_RUNS} run(s); CPU benchmark index ${fmt(bi)}`,
    );
    lines.push('');
    lines.push(
      '| Page | Perf | A11y | Best pr. | SEO | LCP | no-JS copy: Perf / LCP | CLS | TBT | JS at load (as served) | JS in HTML (gzip / br), budget | Total transferred |',
    );
    lines.push('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const { page, runs, noJs } of lh) {
      const s = (c: string) => median(runs.map((r) => r.scores[c] ?? 0));
      const lcp = median(runs.map((r) => r.lcp));
      const bareLcp = median(noJs.map((r) => r.lcp));
      const barePerf = median(noJs.map((r) => r.scores.performance ?? 0));
      const cls = median(runs.map((r) => r.cls));
      const tbt = median(runs.map((r) => r.tbt));
      const w = weights.find((x) => x.page === page)!.initial;
      const shown = page.startsWith('/SubGallery') ? '/SubGallery?id=(first album)' : page;
      lines.push(
        `| ${shown} | ${CATEGORIES.map((c) => `${fmt(s(c))}${ok(s(c) >= BUDGET.score)}`).join(' | ')} | ${fmt(lcp / 1000, 2)} s (${fmt(lcp / bareLcp, 2)}×)${ok(lcp <= bareLcp * BUDGET.lcpVsNoJs)} | ${fmt(barePerf)} / ${fmt(bareLcp / 1000, 2)} s | ${fmt(cls, 3)}${ok(cls <= BUDGET.cls)} | ${fmt(tbt)} ms${ok(tbt <= BUDGET.tbtMs)} | ${kb(median(runs.map((r) => r.jsBytes)))} | ${jsCell(page, w)} | ${kb(median(runs.map((r) => r.totalBytes)))} |`,
      );
    }
    lines.push('');
    if (fresh) lines.push(`### A new school's pages (bench/new-school.ts): Lighthouse as above`, '', ...newSchoolLines(fresh), '');
  } else {
    lines.push('| Page | JS in HTML (gzip / br), budget |', '|---|---|');
    for (const { page, initial } of weights) lines.push(`| ${page} | ${jsCell(page, initial)} |`);
    lines.push('');
  }
  lines.push(
    `### Throughput: wrk -t2 -c${WRK_CONNECTIONS} -d${WRK_SECONDS}s, Accept-Encoding: gzip, ours then nginx 1 worker with gzip_static (bench/nginx.conf) on the same bytes`,
  );
  lines.push('');
  lines.push('| Request | Bytes (identity) | Ours req/s | Ours p99 | nginx req/s | nginx p99 | Ratio | Budget |');
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const { name, ours, nginx: n, bytes } of pairs) {
    const ratio = ours.rps / n.rps;
    const budget = name.startsWith('API') ? BUDGET.apiRatio : BUDGET.ssrRatio;
    const errs = ours.errors + ours.non2xx > 0 ? ` (${ours.errors} socket errors, ${ours.non2xx} non-2xx)` : '';
    lines.push(
      `| ${name} | ${bytes} | ${fmt(ours.rps)}${errs} | ${fmt(ours.p99Ms, 1)} ms${ok(ours.p99Ms <= BUDGET.p99Ms)} | ${fmt(n.rps)} | ${fmt(n.p99Ms, 1)} ms | ${fmt(ratio, 2)}×${ok(ratio >= budget)} | ≥ ${budget}× |`,
    );
  }
  lines.push('');
  lines.push(`### Results-day load: wrk -t2 -c${LOAD_CONNECTIONS} -d${LOAD_SECONDS}s --timeout 10s, Accept-Encoding: br, gzip`);
  lines.push('');
  lines.push('| Page | Requests | Req/s | p99 | Errors (socket + non-2xx) |');
  lines.push('|---|---|---|---|---|');
  for (const { name, r } of loads)
    lines.push(
      `| ${name} | ${r.requests} | ${fmt(r.rps)} | ${fmt(r.p99Ms, 1)} ms | ${r.errors + r.non2xx}${ok(r.errors + r.non2xx === 0)} |`,
    );
  lines.push('');
  if (upload) {
    lines.push('### Media library (bench/upload.ts, decision 0044)', '', ...uploadLines(upload), '');
  }
  if (imported) {
    lines.push(
      '### Moving in (npm run import from the seeded server into an empty install; bench/import.ts, decision 0136)',
      '',
      ...importLines(imported),
      '',
    );
  }
  if (notified) {
    lines.push(
      '### Notifying subscribers (one news item, "Notify subscribers"; bench/notify.ts, issue 34)',
      '',
      `A server of its own (bench/notify-server.ts, the send job ticking every 250 ms) on a fresh SQLite database; the push service (HTTPS, checking VAPID and decrypting each message as a browser would) and the SMTP server run on loopback in the bench's process, so their work shares this machine's CPUs with the sender. Visitors: wrk -t2 -c50 with a random 0-200 ms pause between each connection's requests on the cached /api/news/STHSM, ${notified.windowSeconds} s with nothing sent, then ${notified.windowSeconds} s from the moment the send is queued.`,
      '',
      ...notifyLines(notified),
      '',
    );
  }
  if (searched) {
    lines.push(
      '### Search (bench/search.ts, issue 36)',
      '',
      `The search's own work (search/service.ts: the repository's queries, marking, snippets) in the bench's process, ${searched.runs} times each query after 10 warm-ups, with ${searched.items.toLocaleString('en')} items in the school searched and ${searched.otherItems.toLocaleString('en')} in a second school (news, events and notices; a third each English, Hindi and Bengali, 100 words of text each, from word lists of 40-60 words, so common words are in thousands of items). Reference, same run and rows: the same answer found by reading every row's words instead of the index. Goal: p99 under ${SEARCH_P99_GOAL_MS} ms on SQLite.`,
      '',
      ...searchLines(searched),
      '',
    );
  }
  lines.push('✗ marks a figure outside the budget (docs/performance.md lists the budget).');

  const table = lines.join('\n');
  console.log(`\n${table}\n`);
  if (process.env.BENCH_NO_WRITE !== '1') {
    const doc = `# Performance\n\nWritten by \`npm run bench\` (bench/run.ts); do not edit by hand. Budget: Lighthouse mobile ${BUDGET.score} in each category on every page, LCP within ${Math.round((BUDGET.lcpVsNoJs - 1) * 100)}% of the page's own no-JS copy (its HTML with the scripts removed, served by nginx, measured in the same run), CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbtMs} ms; first-load JS ≤ 90 KB gzip on /, ≤ 50 KB on every other page — over it, \`npm run bench\` fails; API cached reads ≥ ${BUDGET.apiRatio}× and cached pages ≥ ${BUDGET.ssrRatio}× nginx \`gzip_static\` req/s on the same bytes, with p99 ≤ ${BUDGET.p99Ms} ms at ${WRK_CONNECTIONS} connections; results-day load with 0 errors.\n\n"JS in HTML" is every script the server HTML references (entry, route modules, modulepreloads) fetched with Accept-Encoding gzip (and br); "JS at load" is what Lighthouse's Chrome downloaded during the load, including chunks imported after hydration, as served (brotli). Lighthouse's simulated throttling scales with the CPU benchmark index: on a loaded machine a low index inflates TBT and LCP.\n\n${table}\n${process.env.BENCH_NOTES ? `\n## Notes\n\n${process.env.BENCH_NOTES}\n` : ''}`;
    writeFileSync(path.join(ROOT, 'docs', 'performance.md'), doc);
    console.log('Wrote docs/performance.md');
  }
}

const ok = (pass: boolean) => (pass ? '' : ' ✗');

/** A new school's rows: the median of each category and of LCP, CLS and TBT, on its own host name. */
function newSchoolLines(f: NewSchoolFigures): string[] {
  const lines = [`Measured on ${f.origin} (the school's own host name), beside the demo school on the same server.`, ''];
  lines.push('| Page | Perf | A11y | Best pr. | SEO | LCP | CLS | TBT |', '|---|---|---|---|---|---|---|---|');
  for (const { page, runs } of f.pages) {
    const s = (c: string) => median(runs.map((r) => r.scores[c] ?? 0));
    const cls = median(runs.map((r) => r.cls));
    const tbt = median(runs.map((r) => r.tbt));
    const shown = page.startsWith('/news/item') ? '/news/item?id=(its item)' : page;
    lines.push(
      `| ${shown} | ${CATEGORIES.map((c) => `${fmt(s(c))}${ok(s(c) >= BUDGET.score)}`).join(' | ')} | ${fmt(median(runs.map((r) => r.lcp)) / 1000, 2)} s | ${fmt(cls, 3)}${ok(cls <= BUDGET.cls)} | ${fmt(tbt)} ms${ok(tbt <= BUDGET.tbtMs)} |`,
    );
  }
  return lines;
}
const jsCell = (page: string, w: { gzip: number; br: number; files: number }) =>
  `${kb(w.gzip)}${ok(w.gzip <= jsBudgetKb(page) * 1024)} / ${kb(w.br)} (${w.files} files), ≤ ${jsBudgetKb(page)} KB`;
const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;

function firstLine(s: string): string {
  return (s ?? '').trim().split('\n')[0] ?? '';
}
