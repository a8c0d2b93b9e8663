// The media library's figures (issue 15): photos per minute through the API for 4000×3000 JPEGs
// (tus in 1 MB chunks, three files at a time like the staff screen, then the finishing POST), the
// p99 of `/` idle and while uploads run (flagged over 2×), the time until the background variants
// are made, and the server's memory (RSS of its process group) with 50 slow readers of a 50 MB PDF.
// The p99 that is judged is visitors' (a steady load well below capacity: wrk with a pause between
// each connection's requests); the same at saturation (wrk's closed loop, where any CPU given to
// photos lengthens the queue) is printed beside it with the throughput (docs/decisions/0044). Beside
// the idle figure is a reference from the same run: visitors' p99 while only a lowest-priority busy
// loop runs on each core, i.e. what any background work costs visitors on this machine.
// Used by run.ts; `node bench/upload-run.ts` runs it alone against its own server.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { runAsync } from './processes.ts';
import { BIN, ROOT } from './settings.ts';
import { wrk } from './wrk.ts';

export const BENCH_PHOTOS = Number(process.env.BENCH_UPLOAD_PHOTOS ?? 24);
/** The second batch, uploaded while `/` is saturated. */
const SATURATED_PHOTOS = Math.max(1, Math.round(BENCH_PHOTOS / 2));
/** Visitors: 50 connections, each waiting 50 ms between requests (about 1,000 requests/s, a tenth of capacity). */
const VISITORS = { connections: 50, pauseMs: 50, seconds: 20 };
/** Saturation: wrk's closed loop. */
const SATURATED = { connections: 10, seconds: 10 };
/** The server must accept the 50 MB PDF: run.ts and upload-run.ts start it with this. */
export const BENCH_MEDIA_MAX_BYTES = String(64 * 1024 * 1024);
const CHUNK = 1024 * 1024;
const PARALLEL = 3;
const READERS = 50;
const READ_SECONDS = 15;
const REQUEST_TIMEOUT_MS = 120_000;
const signal = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
const one = (n: number) => n.toFixed(1);

export interface UploadFigures {
  photos: number;
  photoMb: number;
  seconds: number;
  perMinute: number;
  variantsSeconds: number | null;
  /** Visitors' p99 of `/` (steady load) idle and while the first batch uploads and gets its variants. */
  idleP99Ms: number;
  busyP99Ms: number;
  /** The reference: the same load while only a lowest-priority busy loop runs on each core. */
  loopsP99Ms: number;
  /** Requests/s of that steady load, idle and busy. */
  steadyRps: [number, number];
  /** The visitors' window ended before the variants were made (it measured only busy time). */
  busyThroughout: boolean;
  flagged: boolean;
  /** At saturation: p99 and requests/s of `/` idle and while the second batch uploads; that batch's photos per minute. */
  saturated: { idleP99Ms: number; busyP99Ms: number; idleRps: number; busyRps: number; photos: number; perMinute: number };
  rssIdleMb: number;
  rssPeakMb: number;
  readBytesMb: number;
}

export interface Session {
  cookie: string;
  csrf: string;
}

/**
 * A member of staff of `school` (the bench's own editor by default), signed in: the CLI writes the
 * account into DATA_DIR's database, then the sign-in form's API call signs in.
 */
export async function signIn(
  origin: string,
  dataDir: string,
  { school = 'STHSM', role = 'editor', email = 'bench.editor@example.org' } = {},
): Promise<Session> {
  const password = 'a bench password that is long';
  const made = spawnSync(
    path.join(BIN, 'node'),
    ['api/src/staff/cli.ts', 'add', '--school', school, '--email', email, '--role', role, '--password-stdin'],
    { cwd: ROOT, input: password, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 60_000 },
  );
  if (made.status !== 0) throw new Error(`could not create the bench editor: ${made.stdout}${made.stderr}`);
  const res = await fetch(`${origin}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (res.status !== 200) throw new Error(`bench sign-in answered ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const me = (await (await fetch(`${origin}/api/admin/me`, { headers: { cookie } })).json()) as { csrfToken: string };
  return { cookie, csrf: me.csrfToken };
}

/** A phone-sized photo: 4000×3000, some noise so it compresses like a photo, different each time. */
function photo(i: number): Promise<Buffer> {
  const hue = (i * 47) % 255;
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: hue, g: 120, b: 255 - hue },
      noise: { type: 'gaussian', mean: 110, sigma: 12 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** One file through tus (creation, 1 MB PATCHes) and the finishing POST; the library file's ref. */
async function send(origin: string, s: Session, bytes: Buffer, name: string, type: string): Promise<string> {
  const headers = { origin, cookie: s.cookie, 'x-csrf-token': s.csrf, 'tus-resumable': '1.0.0' };
  const meta = `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`;
  const created = await fetch(`${origin}/api/admin/media/uploads`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(bytes.length), 'upload-metadata': meta },
    signal: signal(),
  });
  if (created.status !== 201) throw new Error(`tus creation answered ${created.status}: ${await created.text()}`);
  const url = new URL(created.headers.get('location') ?? '', origin).toString();
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    const res = await fetch(url, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      body: bytes.subarray(offset, offset + CHUNK),
      signal: signal(),
    });
    if (res.status !== 204) throw new Error(`tus PATCH answered ${res.status}`);
  }
  const done = await fetch(`${origin}/api/admin/media`, {
    method: 'POST',
    headers: { origin, cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ upload: url.split('/').pop() }),
    signal: signal(),
  });
  if (done.status !== 201 && done.status !== 200) throw new Error(`POST /api/admin/media answered ${done.status}: ${await done.text()}`);
  return ((await done.json()) as { item: { ref: string } }).item.ref;
}

/** RSS of every process in the group `pgid` (the server and any child), in MB. */
function groupRssMb(pgid: number): number {
  let kb = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  return kb / 1024;
}

/** A reader that takes 16 KB every 100 ms (160 KB/s) for `seconds`, then hangs up; the bytes it got. */
function slowReader(url: string, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let got = 0;
    const req = http.get(url, { timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const sink = new Writable({
        highWaterMark: 16 * 1024,
        write(chunk: Buffer, _encoding, done) {
          got += chunk.length;
          setTimeout(done, 100 * Math.max(1, chunk.length / (16 * 1024)));
        },
      });
      res.pipe(sink);
      setTimeout(() => {
        req.destroy();
        resolve(got);
      }, seconds * 1000);
    });
    req.on('error', (err) => (got > 0 ? resolve(got) : reject(err)));
  });
}

/**
 * One busy loop per core for `seconds`, each at the lowest priority there is (SCHED_IDLE with chrt,
 * else nice 19): pure arithmetic, no memory traffic, no I/O: the least intrusive background work
 * there is, so what it costs visitors is a floor for what encoding or receiving photos can cost.
 */
async function busyLoops(seconds: number): Promise<void> {
  const loop = `const end = Date.now() + ${seconds * 1000}; let x = 1; while (Date.now() < end) for (let i = 0; i < 1e6; i++) x = (x * 1103515245 + 12345) | 0;`;
  const node = process.execPath;
  const lowest = spawnSync('chrt', ['--idle', '0', 'true']).status === 0 ? ['chrt', '--idle', '0'] : ['nice', '-n', '19'];
  const [cmd, ...args] = lowest as [string, ...string[]];
  await Promise.all(
    Array.from({ length: os.availableParallelism() }, () => runAsync(cmd, [...args, node, '-e', loop], {}, (seconds + 30) * 1000)),
  );
}

/** Waits until `?w=1600` of every ref comes back as AVIF (the background variants are made); seconds, or null on time-out. */
async function variantsReady(origin: string, refs: string[], started: number, limitMs: number): Promise<number | null> {
  const pending = new Set(refs);
  while (pending.size > 0) {
    if (Date.now() - started > limitMs) return null;
    for (const ref of pending) {
      const res = await fetch(`${origin}/api/image/${ref}?w=1600`, {
        headers: { accept: 'image/avif' },
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      if (res.headers.get('content-type') === 'image/avif') pending.delete(ref);
    }
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 1000));
  }
  return (Date.now() - started) / 1000;
}

export async function uploadBench(origin: string, dataDir: string, serverPgid: number): Promise<UploadFigures> {
  const session = await signIn(origin, dataDir);
  console.log(`Upload bench: making ${BENCH_PHOTOS} photos of 4000×3000…`);
  const photos: Buffer[] = [];
  for (let i = 0; i < BENCH_PHOTOS + SATURATED_PHOTOS; i++) photos.push(await photo(i));
  const photoMb = photos.reduce((s, p) => s + p.length, 0) / photos.length / 1024 ** 2;

  console.log('Upload bench: p99 of / idle…');
  await wrk(`${origin}/`, 2, 10);
  const idle = await wrk(`${origin}/`, VISITORS.seconds, VISITORS.connections, 'gzip', VISITORS.pauseMs);
  const idleFull = await wrk(`${origin}/`, SATURATED.seconds, SATURATED.connections);
  console.log('Upload bench: p99 of / with a lowest-priority busy loop on each core…');
  const [loops] = await Promise.all([
    wrk(`${origin}/`, VISITORS.seconds, VISITORS.connections, 'gzip', VISITORS.pauseMs),
    busyLoops(VISITORS.seconds + 1),
  ]);

  const upload = async (from: number, count: number, refs: string[]) => {
    let next = from;
    const worker = async () => {
      while (next < from + count) {
        const i = next++;
        refs.push(await send(origin, session, photos[i] as Buffer, `IMG_${String(i).padStart(4, '0')}.jpg`, 'image/jpeg'));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  };

  console.log(`Upload bench: uploading ${BENCH_PHOTOS} photos, ${PARALLEL} at a time, with visitors on / …`);
  const started = Date.now();
  const refs: string[] = [];
  const uploading = upload(0, BENCH_PHOTOS, refs);
  // Visitors on `/` while the uploads and then their variants keep the server busy.
  const busyRun = wrk(`${origin}/`, VISITORS.seconds, VISITORS.connections, 'gzip', VISITORS.pauseMs);
  await uploading;
  const seconds = (Date.now() - started) / 1000;
  const busy = await busyRun;
  const variantsSeconds = await variantsReady(origin, refs, started, 15 * 60_000);

  console.log(`Upload bench: uploading ${SATURATED_PHOTOS} more while / is saturated…`);
  const more: string[] = [];
  const startedMore = Date.now();
  const uploadingMore = upload(BENCH_PHOTOS, SATURATED_PHOTOS, more);
  const busyFull = await wrk(`${origin}/`, SATURATED.seconds, SATURATED.connections);
  await uploadingMore;
  const secondsMore = (Date.now() - startedMore) / 1000;
  await variantsReady(origin, more, startedMore, 15 * 60_000);

  console.log(`Upload bench: ${READERS} slow readers of a 50 MB PDF…`);
  const filler = Buffer.alloc(50 * 1024 * 1024, '% filler line of a large PDF document\n');
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), filler, Buffer.from('\n%%EOF\n')]);
  const pdfRef = await send(origin, session, pdf, 'Large prospectus.pdf', 'application/pdf');
  await new Promise((r) => setTimeout(r, 2000));
  const rssIdleMb = groupRssMb(serverPgid);
  let rssPeakMb = rssIdleMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, groupRssMb(serverPgid))), 250);
  const read = await Promise.all(Array.from({ length: READERS }, () => slowReader(`${origin}/api/image/${pdfRef}`, READ_SECONDS)));
  clearInterval(sampler);

  const figures: UploadFigures = {
    photos: BENCH_PHOTOS,
    photoMb,
    seconds,
    perMinute: (BENCH_PHOTOS / seconds) * 60,
    variantsSeconds,
    idleP99Ms: idle.p99Ms,
    busyP99Ms: busy.p99Ms,
    loopsP99Ms: loops.p99Ms,
    steadyRps: [idle.rps, busy.rps],
    busyThroughout: variantsSeconds === null || variantsSeconds >= VISITORS.seconds,
    flagged: busy.p99Ms > 2 * idle.p99Ms,
    saturated: {
      idleP99Ms: idleFull.p99Ms,
      busyP99Ms: busyFull.p99Ms,
      idleRps: idleFull.rps,
      busyRps: busyFull.rps,
      photos: SATURATED_PHOTOS,
      perMinute: (SATURATED_PHOTOS / secondsMore) * 60,
    },
    rssIdleMb,
    rssPeakMb,
    readBytesMb: read.reduce((s, n) => s + n, 0) / 1024 ** 2,
  };
  printUploadFigures(figures);
  return figures;
}

/** The media library's figures as the lines printed and written to docs/performance.md. */
export function uploadLines(f: UploadFigures): string[] {
  return [
    `- uploads: ${f.photos} photos of 4000×3000 (${one(f.photoMb)} MB each) in ${one(f.seconds)} s = ${one(f.perMinute)} photos/min through the API`,
    `- variants of all of them made ${f.variantsSeconds === null ? 'not within 15 min' : `${one(f.variantsSeconds)} s after the first upload began`}`,
    `- p99 of / for visitors (${VISITORS.connections} connections, a random 0–${2 * VISITORS.pauseMs} ms pause between requests, ${VISITORS.seconds} s): idle ${one(f.idleP99Ms)} ms (${Math.round(f.steadyRps[0])} req/s), while uploading ${one(f.busyP99Ms)} ms (${Math.round(f.steadyRps[1])} req/s)${f.flagged ? ' ✗ over 2× idle' : ' (within 2× of idle)'}${f.busyThroughout ? '' : ' — the variants were done before the window ended'}`,
    `- the reference, same load with only a lowest-priority busy loop on each core (no uploads): p99 ${one(f.loopsP99Ms)} ms (${one(f.loopsP99Ms / f.idleP99Ms)}× idle; uploading: ${one(f.busyP99Ms / f.idleP99Ms)}× idle)`,
    `- at saturation (wrk closed loop, ${SATURATED.connections} connections): p99 of / idle ${one(f.saturated.idleP99Ms)} ms at ${Math.round(f.saturated.idleRps)} req/s, while uploading ${one(f.saturated.busyP99Ms)} ms at ${Math.round(f.saturated.busyRps)} req/s; ${f.saturated.photos} more photos at ${one(f.saturated.perMinute)} photos/min`,
    `- memory with ${READERS} slow readers of a 50 MB PDF: RSS ${Math.round(f.rssIdleMb)} MB before, ${Math.round(f.rssPeakMb)} MB at most (${one(f.readBytesMb)} MB read in ${READ_SECONDS} s)`,
  ];
}

export function printUploadFigures(f: UploadFigures): void {
  console.log(['', 'Media library', ...uploadLines(f).map((l) => `  ${l.slice(2)}`), ''].join('\n'));
}
