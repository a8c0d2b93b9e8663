// `npm run bench`: builds the site, starts the production server on loopback with a fresh seeded
// DATA_DIR, and measures Lighthouse (mobile), page weight, API and SSR throughput side by side with
// nginx serving the same bytes (gzip_static: the gzip bytes ours sent, never compressed per
// request), Lighthouse on each page's own no-JS copy in the same run, a results-day load, and
// (after that server has stopped) one notice sent to 10,000 push and 10,000 e-mail subscribers.
// Prints one table and writes docs/performance.md; exits 1 when a page's first-load JS is over its
// budget (settings.ts). Everything is loopback, bounded in time, and cleaned up on exit or failure.
// One module per measurement: lighthouse.ts, page-weight.ts, wrk.ts, upload.ts, import.ts, notify.ts, search.ts;
// report.ts writes the table.
//
// Environment: BENCH_QUICK=1 (short runs while developing), BENCH_PORT (default 3400; nginx uses +1),
// BENCH_LH_RUNS (Lighthouse runs per page, default 5: the issue's median of 5), BENCH_WRK_SECONDS (default 15),
// BENCH_LOAD_SECONDS (default 60), BENCH_LOAD_CONNECTIONS (default 200), BENCH_SKIP_BUILD=1,
// BENCH_SKIP_LIGHTHOUSE=1, BENCH_SKIP_NEW_SCHOOL=1 (the new school's Lighthouse), BENCH_SKIP_UPLOADS=1, BENCH_SKIP_IMPORT=1, BENCH_UPLOAD_PHOTOS (default 24),
// BENCH_SKIP_NOTIFY=1, BENCH_SKIP_SEARCH=1, BENCH_SEARCH_ITEMS, BENCH_SEARCH_RUNS, BENCH_NOTIFY_SECONDS (visitors' windows around the send, default 30), BENCH_NO_WRITE=1 (print only), CHROME_PATH (default /usr/bin/chromium),
// BENCH_BUILD_DIR (web/ build folder, default build-bench), BENCH_PAGES (comma-separated paths,
// "album" for the first album; default all six). Lighthouse's JSON and HTML reports are kept under
// .cache/lighthouse/ (git-ignored), and each page's top opportunities and diagnostics are printed.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lighthouse, type LhRun } from './lighthouse.ts';
import { initialJs, wireBytes } from './page-weight.ts';
import { runAsync, start, stopAll, tempDirs, waitFor } from './processes.ts';
import { report } from './report.ts';
import {
  BIN,
  BUILD_DIR,
  LH_RUNS,
  LOAD_CONNECTIONS,
  LOAD_SECONDS,
  NGINX_ORIGIN,
  NGINX_PORT,
  ORIGIN,
  PORT,
  ROOT,
  WRK_CONNECTIONS,
  WRK_SECONDS,
  jsBudgetKb,
} from './settings.ts';
import { ensureTools, NGINX } from './tools.ts';
import { importBench } from './import.ts';
import { checkNotify, notifyBench } from './notify.ts';
import { checkSearch, searchBench } from './search.ts';
import { newSchoolBench } from './new-school.ts';
import { BENCH_MEDIA_MAX_BYTES, uploadBench } from './upload.ts';
import { wrk, type WrkResult } from './wrk.ts';

const env = process.env;

async function main(): Promise<void> {
  ensureTools();
  const started = new Date();
  const load0 = os.loadavg();
  // The 1-minute load average every 10 s: other work on the machine skews every figure below.
  const loadSamples: number[] = [load0[0]!];
  const sampler = setInterval(() => loadSamples.push(os.loadavg()[0]!), 10_000);
  sampler.unref();

  if (env.BENCH_SKIP_BUILD !== '1') {
    console.log(`Building the site into web/${BUILD_DIR}…`);
    await runAsync('npm', ['run', 'build', '--workspace', 'web'], { WEB_BUILD_DIR: BUILD_DIR }, 600_000);
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sthsm-bench-data-'));
  const ngxDir = mkdtempSync(path.join(os.tmpdir(), 'sthsm-bench-nginx-'));
  tempDirs.push(dataDir, ngxDir);
  chmodSync(ngxDir, 0o755); // nginx workers run as another user when started by root

  console.log(`Starting the server on ${ORIGIN} (DATA_DIR ${dataDir})…`);
  const server = start(
    path.join(BIN, 'node'),
    ['api/src/server.ts'],
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_BUILD_DIR: BUILD_DIR,
      SITE_URL: ORIGIN,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      BACKUP_AT: 'off',
      // Lighthouse loads every page LH_RUNS times and each load posts the visitor count.
      VISITOR_RATE_LIMIT_PER_MINUTE: '100000',
      MEDIA_MAX_BYTES: BENCH_MEDIA_MAX_BYTES,
    },
    'server',
  );
  await waitFor(`${ORIGIN}/api/health`, 120_000);

  const albums = (await (await fetch(`${ORIGIN}/api/gallery/all/STHSM`)).json()) as { _id: string }[];
  const albumId = albums[0]?._id;
  if (!albumId) throw new Error('The seeded school has no album.');
  const albumPath = `/SubGallery?id=${encodeURIComponent(albumId)}`;
  const pages = env.BENCH_PAGES
    ? env.BENCH_PAGES.split(',')
        .map((p) => (p.trim() === 'album' ? albumPath : p.trim()))
        .filter(Boolean)
    : ['/', '/news', '/gallery', albumPath, '/alumni', '/about-us', '/hi', '/hi/news', '/bn/about-us'];

  // nginx with saved copies of the same bytes: identity, and the gzip bytes ours sent (gzip_static).
  const www = path.join(ngxDir, 'www');
  for (const d of ['tmp', 'www/api/news', 'www/api/gallery/all', 'www/nojs']) mkdirSync(path.join(ngxDir, d), { recursive: true });
  const save = async (urlPath: string, file: string) => {
    const res = await wireBytes(ORIGIN + urlPath, 'identity');
    if (res.status !== 200) throw new Error(`${urlPath} answered ${res.status}`);
    writeFileSync(path.join(www, file), res.body);
    const gz = await wireBytes(ORIGIN + urlPath, 'gzip');
    if (gz.encoding === 'gzip') writeFileSync(path.join(www, `${file}.gz`), gz.body);
    return res.body.length;
  };
  const sizes = {
    news: await save('/api/news/STHSM', 'api/news/STHSM'),
    gallery: await save('/api/gallery/all/STHSM', 'api/gallery/all/STHSM'),
    home: await save('/', 'index.html'),
    newsPage: await save('/news', 'news'),
  };
  // Each page's no-JS copy: its server HTML without scripts or module preloads (JSON-LD kept).
  const noJs = new Map<string, string>();
  for (const page of pages) {
    const html = (await wireBytes(ORIGIN + page, 'identity')).body.toString();
    const name = `nojs/${page === '/' ? 'home' : page.replace(/^\/+/, '').replace(/[^A-Za-z0-9_-]+/g, '_')}.html`;
    writeFileSync(path.join(www, name), withoutScripts(html));
    noJs.set(page, `/${name}`);
  }
  writeFileSync(
    path.join(ngxDir, 'nginx.conf'),
    readFileSync(path.join(ROOT, 'bench', 'nginx.conf'), 'utf8')
      .replaceAll('@PREFIX@', ngxDir)
      .replaceAll('@PORT@', String(NGINX_PORT))
      .replaceAll('@OURS@', String(PORT)),
  );
  start(NGINX, ['-p', ngxDir, '-c', path.join(ngxDir, 'nginx.conf'), '-e', 'stderr'], {}, 'nginx');
  await waitFor(`${NGINX_ORIGIN}/api/news/STHSM`, 20_000);
  const served = await wireBytes(`${NGINX_ORIGIN}/api/news/STHSM`, 'gzip');
  if (served.encoding !== 'gzip') throw new Error('nginx did not serve the saved gzip copy (gzip_static).');

  // Lighthouse: each page, then its no-JS copy, in the same run.
  const lh: { page: string; runs: LhRun[]; noJs: LhRun[] }[] = [];
  if (env.BENCH_SKIP_LIGHTHOUSE !== '1') {
    for (const page of pages) {
      lh.push({ page, runs: await lighthouseRuns(ORIGIN + page), noJs: await lighthouseRuns(NGINX_ORIGIN + noJs.get(page)!) });
    }
  }
  // A new school's pages on its own host name (new-school.ts), as the demo's are measured above.
  const fresh =
    env.BENCH_SKIP_LIGHTHOUSE !== '1' && env.BENCH_SKIP_NEW_SCHOOL !== '1' ? await newSchoolBench(ORIGIN, dataDir, lighthouseRuns) : null;
  const weights: { page: string; initial: { gzip: number; br: number; files: number } }[] = [];
  for (const page of pages) weights.push({ page, initial: await initialJs(page) });

  // Throughput, ours and nginx's back to back on the same bytes.
  const pairs: { name: string; ours: WrkResult; nginx: WrkResult; bytes: number }[] = [];
  for (const [name, p, bytes] of [
    ['API /api/news/STHSM', '/api/news/STHSM', sizes.news],
    ['API /api/gallery/all/STHSM', '/api/gallery/all/STHSM', sizes.gallery],
    ['SSR /', '/', sizes.home],
    ['SSR /news', '/news', sizes.newsPage],
  ] as const) {
    console.log(`wrk ${name}: ours, then nginx (${WRK_SECONDS} s each)…`);
    await wrk(ORIGIN + p, 1, WRK_CONNECTIONS); // warm-up (caches, JIT)
    const ours = await wrk(ORIGIN + p, WRK_SECONDS, WRK_CONNECTIONS);
    const ngx = await wrk(NGINX_ORIGIN + p, WRK_SECONDS, WRK_CONNECTIONS);
    pairs.push({ name, ours, nginx: ngx, bytes });
  }

  // Results day.
  const loads: { name: string; r: WrkResult }[] = [];
  for (const p of ['/Toppers', '/']) {
    console.log(`Results-day load on ${p}: ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s…`);
    loads.push({ name: p, r: await wrk(ORIGIN + p, LOAD_SECONDS, LOAD_CONNECTIONS, 'br, gzip') });
  }
  const load1 = os.loadavg();
  // The media library: uploads per minute, `/` while uploading, memory with slow readers (upload.ts).
  const upload = env.BENCH_SKIP_UPLOADS !== '1' ? await uploadBench(ORIGIN, dataDir, server.pid as number) : null;
  // Moving in: the seeded server as the old provider, imported into an empty install (import.ts).
  const imported = env.BENCH_SKIP_IMPORT !== '1' ? await importBench(ORIGIN) : null;

  stopAll();
  // Notifying subscribers: a server of its own on a fresh database, alone on the machine (notify.ts).
  const notified = env.BENCH_SKIP_NOTIFY !== '1' ? await notifyBench() : null;
  stopAll();
  // Search with 10,000 items per school, on each engine (search.ts), with no server running.
  const searched = env.BENCH_SKIP_SEARCH !== '1' ? await searchBench() : null;
  clearInterval(sampler);
  report({ started, load0, load1, loadSamples, lh, fresh, weights, pairs, loads, upload, imported, notified, searched });
  if (notified) checkNotify(notified);
  if (searched) checkSearch(searched);
  const over = weights.filter((w) => w.initial.gzip > jsBudgetKb(w.page) * 1024);
  if (over.length > 0) {
    throw new Error(
      `First-load JS over budget: ${over.map((w) => `${w.page} ${(w.initial.gzip / 1024).toFixed(1)} KB > ${jsBudgetKb(w.page)} KB`).join('; ')}`,
    );
  }
}

/** LH_RUNS Lighthouse runs of one URL. */
async function lighthouseRuns(url: string): Promise<LhRun[]> {
  const runs: LhRun[] = [];
  for (let i = 0; i < LH_RUNS; i++) {
    process.stdout.write(`Lighthouse ${url} (${i + 1}/${LH_RUNS})…\n`);
    // Lighthouse now and then fails to record a trace (NO_NAVSTART), sometimes twice in a row on a
    // quiet machine: up to three attempts, two seconds apart, before the bench gives up.
    for (let attempt = 1; ; attempt++) {
      try {
        runs.push(await lighthouse(url, i + 1));
        break;
      } catch (err) {
        if (attempt === 3) throw err;
        const why = err instanceof Error ? (err.message.split('\n').find((l) => l.includes('error')) ?? 'error') : String(err);
        console.log(`  Lighthouse failed (${why}); trying again (${attempt + 1}/3)…`);
        await new Promise((r) => setTimeout(r, 2000));
      }
    }
  }
  return runs;
}

/** A page's server HTML without its scripts and module preloads: what it shows without JavaScript. */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
}

try {
  await main();
  process.exit(0);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  stopAll();
  process.exit(1);
}
