import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { ORIGIN, type Signed } from '../staff/staff-helpers.ts';

// Uploads as a tus client sends them (creation, then PATCH chunks), and photos made on the spot:
// a phone-like JPEG with camera data, GPS and a rotated orientation; a PNG bomb; a PDF.

export const CAMERA = { Make: 'Fictional', Model: 'Phone 9' } as const;

/** A JPEG as a phone writes it: EXIF with camera data and GPS, stored sideways (Orientation 6). */
export async function phoneJpeg(width = 800, height = 600, colour = '#336699'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { ...CAMERA },
      IFD2: { DateTimeOriginal: '2025:08:01 10:11:12', ISOSpeedRatings: '200', FNumber: '18/10', ExposureTime: '1/120' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 50/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '80/1 56/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * An iPhone-style HEIC (HEVC in a HEIF box) of phoneJpeg's picture, GPS included. Prebuilt sharp has
 * no HEVC encoder, so it is made by libheif's `heif-enc` (Debian's libheif-examples, which `.ci/run`
 * installs); the server decodes it with heic-decode from npm.
 */
export async function iphoneHeic(width = 800, height = 600): Promise<Buffer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sthsm-heic-'));
  try {
    writeFileSync(path.join(dir, 'in.jpg'), await phoneJpeg(width, height, '#993366'));
    execFileSync('heif-enc', ['-q', '50', path.join(dir, 'in.jpg'), '-o', path.join(dir, 'out.heic')], { timeout: 30_000 });
    return readFileSync(path.join(dir, 'out.heic'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A minimal well-formed PDF. */
export function pdfBytes(text = 'Syllabus'): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

function headersOf(who: Signed | null, extra: Record<string, string> = {}): Record<string, string> {
  return { origin: ORIGIN, 'tus-resumable': '1.0.0', ...(who ? { cookie: who.cookie, 'x-csrf-token': who.csrf } : {}), ...extra };
}

/** tus creation: the upload id (or the refused answer). */
export async function createUpload(
  app: FastifyInstance,
  who: Signed | null,
  length: number,
  name: string,
  type = 'image/jpeg',
  extra: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/media/uploads',
    headers: headersOf(who, {
      'upload-length': String(length),
      'upload-metadata': `filename ${b64(name)},filetype ${b64(type)}`,
      ...extra,
    }),
  });
  const location = String(res.headers.location ?? '');
  return { res, id: location.split('/').pop() ?? '' };
}

export function sendChunk(
  app: FastifyInstance,
  who: Signed | null,
  id: string,
  offset: number,
  chunk: Buffer,
  extra: Record<string, string> = {},
) {
  return app.inject({
    method: 'PATCH',
    url: `/api/admin/media/uploads/${id}`,
    headers: headersOf(who, { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), ...extra }),
    payload: chunk,
  });
}

/** The whole file through tus in one PATCH; the upload id. */
export async function tusUpload(app: FastifyInstance, who: Signed, bytes: Buffer, name: string, type = 'image/jpeg'): Promise<string> {
  const { res, id } = await createUpload(app, who, bytes.length, name, type);
  if (res.statusCode !== 201) throw new Error(`tus creation ${res.statusCode} ${res.body}`);
  const patch = await sendChunk(app, who, id, 0, bytes);
  if (patch.statusCode !== 204) throw new Error(`tus PATCH ${patch.statusCode} ${patch.body}`);
  return id;
}

/** POST /api/admin/media for a finished upload. */
export function finish(app: FastifyInstance, who: Signed | null, uploadId: string, extra: Record<string, string> = {}, body: object = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie, 'x-csrf-token': who.csrf } : {}), ...extra },
    payload: { upload: uploadId, ...body },
  });
}

/** Uploads and finishes: the answer of POST /api/admin/media. */
export async function upload(app: FastifyInstance, who: Signed, bytes: Buffer, name: string, type = 'image/jpeg') {
  return finish(app, who, await tusUpload(app, who, bytes, name, type));
}
