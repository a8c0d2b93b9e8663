import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../src/db/index.ts';
import type { Outcome } from './checks.ts';
import { BALANCER, type ServerProc } from './stack.ts';
import type { Staff } from './staff.ts';

// Photos across servers: uploaded (tus, then "add to the library") through server 1, stored in the
// S3 bucket, served byte for byte by server 3; variants made by whichever servers' workers claim
// the jobs, and timed, for "photos encoded per minute".

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const b64 = (s: string) => Buffer.from(s).toString('base64');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A fictional photo: a gradient with a number, `width` px wide, as a phone JPEG. */
function photo(n: number, width: number): Promise<Buffer> {
  const height = Math.round((width * 3) / 4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#${(n * 40 + 16).toString(16).padStart(2, '0')}6699"/><stop offset="1" stop-color="#ffcc00"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><text x="50%" y="50%" font-size="${width / 8}" text-anchor="middle">Photo ${n}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Upload through `origin` and add it to the library: the stored file's ref. */
async function upload(staff: Staff, origin: string, bytes: Buffer, name: string): Promise<string> {
  const tus = { ...staff.headers, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${origin}/api/admin/media/uploads`, {
    method: 'POST',
    headers: { ...tus, 'upload-length': String(bytes.length), 'upload-metadata': `filename ${b64(name)},filetype ${b64('image/jpeg')}` },
    signal: AbortSignal.timeout(10_000),
  });
  const id = (created.headers.get('location') ?? '').split('/').pop() ?? '';
  if (created.status !== 201 || !id) throw new Error(`tus creation answered ${created.status}: ${await created.text()}`);
  const patched = await fetch(`${origin}/api/admin/media/uploads/${id}`, {
    method: 'PATCH',
    headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    body: new Uint8Array(bytes),
    signal: AbortSignal.timeout(30_000),
  });
  if (patched.status !== 204) throw new Error(`tus PATCH answered ${patched.status}: ${await patched.text()}`);
  const added = await fetch(`${origin}/api/admin/media`, {
    method: 'POST',
    headers: { ...staff.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ upload: id }),
    signal: AbortSignal.timeout(30_000),
  });
  if (added.status !== 201 && added.status !== 200)
    throw new Error(`adding to the library answered ${added.status}: ${await added.text()}`);
  return ((await added.json()) as { item: { ref: string } }).item.ref;
}

async function fetched(url: string, accept = 'image/avif,image/webp,*/*'): Promise<{ status: number; type: string; bytes: Buffer }> {
  const res = await fetch(url, { headers: { accept }, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Waits (bounded) until none of `refs` has a variant job left; the elapsed ms, or null. */
async function variantsDone(db: Db, refs: string[], withinMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    const left = await db.selectFrom('media_jobs').select('ref').where('ref', 'in', refs).execute();
    if (left.length === 0) return Date.now() - started;
    await sleep(250);
  }
  return null;
}

export async function photoAcrossServers(staff: Staff, servers: ServerProc[], db: Db): Promise<Outcome> {
  const [first, third] = [servers[0] as ServerProc, servers[2] as ServerProc];
  const ref = await upload(staff, first.origin, await photo(0, 1200), 'cluster-photo.jpg');
  const [one, three] = [
    await fetched(`${first.origin}/api/image/${ref}`, 'image/jpeg'),
    await fetched(`${third.origin}/api/image/${ref}`, 'image/jpeg'),
  ];
  const same = one.status === 200 && three.status === 200 && sha256(one.bytes) === sha256(three.bytes);
  const doneMs = await variantsDone(db, [ref], 60_000);
  const variant = await fetched(`${third.origin}/api/image/${ref}?w=320`);
  const lines = [
    `uploaded through server 1 (ref ${ref}); server 1 answers ${one.status} ${one.type} ${one.bytes.length} bytes, server 3 ${three.status} ${three.type} ${three.bytes.length} bytes, ${same ? 'the same bytes' : 'DIFFERENT bytes'}`,
    `variants made ${doneMs === null ? 'NOT within 60 s' : `within ${doneMs} ms`}; server 3 serves ?w=320 as ${variant.status} ${variant.type} (${variant.bytes.length} bytes)`,
  ];
  // Through the balancer: every request of the upload reaches one server (deploy/nginx-cluster.conf).
  const viaBalancer = await upload(staff, BALANCER, await photo(9, 800), 'through-the-balancer.jpg');
  const everywhere = await Promise.all(servers.map((s) => fetched(`${s.origin}/api/image/${viaBalancer}`, 'image/jpeg')));
  const served = everywhere.every((r) => r.status === 200 && sha256(r.bytes) === sha256(everywhere[0]?.bytes ?? Buffer.alloc(0)));
  lines.push(
    `uploaded through the balancer (ref ${viaBalancer}): served by servers 1-3 with ${everywhere.map((r) => r.status).join(', ')}${served ? ', the same bytes' : ''}`,
  );
  return { ok: same && served && doneMs !== null && variant.status === 200 && /image\/(avif|webp)/.test(variant.type), lines };
}

/** Photos encoded per minute by the three servers' variant workers together (2 at a time each). */
export async function encodingRate(staff: Staff, first: ServerProc, db: Db, count = 6): Promise<Outcome> {
  const refs: string[] = [];
  const bytes = await Promise.all(Array.from({ length: count }, (_, i) => photo(i + 1, 2400)));
  const started = Date.now();
  for (const [i, b] of bytes.entries()) refs.push(await upload(staff, first.origin, b, `rate-${i + 1}.jpg`));
  const uploaded = Date.now() - started;
  const doneMs = await variantsDone(db, refs, 180_000);
  const total = uploaded + (doneMs ?? 0);
  return {
    ok: doneMs !== null,
    lines: [
      doneMs === null
        ? `${count} photos of 2400×1800: variants NOT done within 3 minutes`
        : `${count} photos of 2400×1800 (5 widths × AVIF and WebP each): uploaded in ${uploaded} ms, all variants ${doneMs} ms later: ` +
          `${((count * 60_000) / total).toFixed(1)} photos a minute with 2 servers' workers (2 at a time each)`,
    ],
  };
}
