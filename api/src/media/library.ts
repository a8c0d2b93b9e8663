import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import nodePath from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { localMediaStore, type MediaStore } from '../backup/media-store.ts';
import { s3MediaStore } from './s3.ts';
import { findMedia, insertMedia, releaseMediaSpace, reserveMediaSpace, type MediaRow } from '../repositories/media.ts';
import { sizeWords } from './judge.ts';
import { judgeInMediaProcess } from './media-process.ts';
import { uploads } from '../metrics/registry.ts';
import { encodeAs, sharpFrom, type StoredSource, type VariantFormat } from './variants.ts';

// The media library's files (issue 15): where an accepted upload is stored, its content-addressed
// id and reference, and the variants made for it in the background (media/variant-worker.ts).

/** The widths made for every library photo, in AVIF and WebP; other ?w= get the nearest of these. */
export const LIBRARY_WIDTHS = [160, 320, 640, 1024, 1600] as const;
export const LIBRARY_FORMATS = ['avif', 'webp'] as const satisfies readonly VariantFormat[];

/** Each app's clean-up of expired uploads, by its config (routes/admin/media.ts; tests run it without waiting). */
export const uploadCleaners = new WeakMap<Config, () => Promise<void>>();

const stores = new WeakMap<Config, { media: MediaStore; cache: MediaStore }>();

/** The media store of these settings: with S3_BUCKET the bucket every server shares, else the local folder. */
export function mediaStoreOf(settings: Pick<Config, 'mediaRoot' | 's3'>): MediaStore {
  return settings.s3 ? s3MediaStore(settings.s3) : localMediaStore(settings.mediaRoot);
}

/**
 * The media store (every file of the library and the seed, and backups' source) and this server's
 * cache of on-demand variants. Local disk; an object store slots in here without route changes.
 */
export function mediaStores(config: Config): { media: MediaStore; cache: MediaStore } {
  let found = stores.get(config);
  if (!found) {
    // The cache of on-demand variants stays local.
    found = { media: mediaStoreOf(config), cache: localMediaStore(config.cacheDir) };
    stores.set(config, found);
  }
  return found;
}

/** What content stores and /api/image serves: unique across schools (the same bytes in two schools are two files). */
export function refOf(school: string, sha256: string): string {
  return `m${createHash('sha256').update(`${school}\n${sha256}`).digest('hex').slice(0, 39)}`;
}

export const libraryPath = (school: string, sha256: string, extension: string) =>
  `library/${school}/${sha256.slice(0, 2)}/${sha256}.${extension}`;
export const variantFile = (ref: string, width: number, format: VariantFormat) => `library-variants/${ref}/${width}.${format}`;

/**
 * How long a reservation of quota space counts (docs/decisions/0114): an unfinished upload's life,
 * after which the clean-up drops the upload and its reservation no longer counts.
 */
export const RESERVATION_MS = 24 * 60 * 60_000;

/** The quota refusal; `reserved`: what uploads in progress hold on top of what is stored. */
export const storageFull = (used: number, quota: number, reserved = 0) =>
  `The school's storage is full (${sizeWords(used)} of ${sizeWords(quota)} used${
    reserved > 0 ? `, ${sizeWords(reserved)} more held by uploads in progress` : ''
  }).`;

/** Holds `bytes` of the school's quota for upload `key` (until RESERVATION_MS from `at`); 413 when they do not fit. */
export async function reserveSpace(
  db: Db,
  config: Config,
  r: { school: string; key: string; owner: string | null; bytes: number; at: Date },
): Promise<void> {
  const space = await reserveMediaSpace(db, {
    school: r.school,
    key: r.key,
    owner: r.owner,
    bytes: r.bytes,
    quotaBytes: config.mediaQuotaBytes,
    at: r.at.toISOString(),
    expiresAt: new Date(r.at.getTime() + RESERVATION_MS).toISOString(),
  });
  if (!space.ok) throw new HttpError(413, storageFull(space.usedBytes, config.mediaQuotaBytes, space.reservedBytes));
}

/** A file name as staff see it: the last path segment, printable, at most 200 characters. */
export function cleanName(name: string | null | undefined, fallback: string): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...last]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return clean || fallback;
}

/**
 * Turns a finished upload (a file on this server's disk) into a library file of `school`: judged,
 * processed, stored, recorded with its variant job. The same bytes twice give the same item
 * (`created: false`). The quota: the upload's reservation `reservation` (its declared length, or
 * none for a form upload) becomes the processed file's size under the school's lock before any
 * byte is stored (413 when it does not fit), and is released as the row is written (0114). On any
 * other failure it is kept, so a retry finds the space still held; the caller releases it when
 * the upload is given up.
 */
export async function addToLibrary(db: Db, config: Config, upload: LibraryUpload): Promise<{ row: MediaRow; created: boolean }> {
  try {
    const added = await storeInLibrary(db, config, upload);
    uploads.inc({ school: upload.school, result: added.created ? 'added' : 'duplicate' });
    return added;
  } catch (err) {
    uploads.inc({ school: upload.school, result: err instanceof HttpError && err.statusCode < 500 ? 'refused' : 'failed' });
    throw err;
  }
}

interface LibraryUpload {
  file: string;
  name: string | null | undefined;
  school: string;
  /** Null for what no staff member brought (an import). */
  createdBy: string | null;
  at: Date;
  reservation: string;
}

async function storeInLibrary(db: Db, config: Config, upload: LibraryUpload): Promise<{ row: MediaRow; created: boolean }> {
  // The processed photo is written next to the upload, and removed once stored (or refused).
  const out = nodePath.join(nodePath.dirname(upload.file), `judged-${randomBytes(8).toString('hex')}`);
  try {
    const judged = await judgeInMediaProcess(upload.file, out, config.mediaMaxBytes);
    const existing = await findMedia(db, upload.school, judged.sha256);
    if (existing) {
      await releaseMediaSpace(db, upload.school, upload.reservation);
      return { row: existing, created: false };
    }
    await reserveSpace(db, config, {
      school: upload.school,
      key: upload.reservation,
      owner: upload.createdBy,
      bytes: judged.size,
      at: upload.at,
    });
    const { media } = mediaStores(config);
    const path = libraryPath(upload.school, judged.sha256, judged.extension);
    await media.write(path, createReadStream(judged.file));
    const fallback = `file.${judged.extension}`;
    let name = cleanName(upload.name, fallback);
    // A HEIC photo is stored as JPEG: its name says so.
    if (judged.contentType === 'image/jpeg' && /\.(heic|heif)$/i.test(name)) name = name.replace(/\.(heic|heif)$/i, '.jpg');
    const created = await insertMedia(db, {
      school: upload.school,
      id: judged.sha256,
      ref: refOf(upload.school, judged.sha256),
      path,
      kind: judged.kind,
      contentType: judged.contentType,
      name,
      bytes: judged.size,
      width: judged.width,
      height: judged.height,
      camera: judged.camera,
      createdBy: upload.createdBy,
      at: upload.at.toISOString(),
      reservation: upload.reservation,
    });
    const row = await findMedia(db, upload.school, judged.sha256);
    if (!row) throw new Error('The media row vanished after it was written.');
    return { row, created };
  } finally {
    await rm(out, { force: true });
  }
}

/**
 * The prepared variant to send for `?w=` in `format`: the nearest made width (the larger one on a
 * tie), or null when none is made yet (the caller sends the original; a visitor never waits).
 */
export async function preparedVariant(store: MediaStore, ref: string, width: number, format: VariantFormat): Promise<StoredSource | null> {
  const byDistance = [...LIBRARY_WIDTHS].sort((a, b) => Math.abs(a - width) - Math.abs(b - width) || b - a);
  for (const w of byDistance) {
    const path = variantFile(ref, w, format);
    const info = await store.stat(path);
    if (info) return { store, path, ...info };
  }
  return null;
}

/**
 * Makes every variant of a library photo (each width in each format) in `media`: one decode, to
 * the largest width as raw pixels, then every smaller width from those. Run by the media process.
 */
export async function makeLibraryVariants(media: MediaStore, path: string, ref: string): Promise<void> {
  const largest = LIBRARY_WIDTHS.at(-1) as number;
  const { data, info } = await sharpFrom({ store: media, path })
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const width of LIBRARY_WIDTHS.toReversed()) {
    if (width > info.width && width !== largest) continue;
    for (const format of LIBRARY_FORMATS) {
      const pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).resize({
        width,
        withoutEnlargement: true,
      });
      const bytes = await encodeAs(pipeline, format).toBuffer();
      await media.write(variantFile(ref, width, format), Readable.from([bytes]));
    }
  }
}

/** Removes every variant made of a photo from the store (the original stays). */
export async function removeVariants(store: MediaStore, ref: string): Promise<void> {
  for (const width of LIBRARY_WIDTHS) {
    for (const format of LIBRARY_FORMATS) await store.remove(variantFile(ref, width, format));
  }
}

/** Removes a deleted file's bytes and every variant made of it from the store. */
export async function removeLibraryFiles(store: MediaStore, row: MediaRow): Promise<void> {
  await store.remove(row.path);
  await removeVariants(store, row.item.ref);
}
