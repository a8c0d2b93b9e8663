import { realpath } from 'node:fs/promises';
import nodePath from 'node:path';
import { safeMediaRef } from '@sthsm/contract/images';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { findFile } from '../repositories/files.ts';
import { findMedia, findMediaByRef, type MediaRow } from '../repositories/media.ts';
import { hiddenPhotoRefs } from '../repositories/media-children.ts';
import { LIBRARY_FORMATS, LIBRARY_WIDTHS, mediaStores, variantFile } from './library.ts';
import { contentTypeOf } from './resolve.ts';
import { FORMAT_TYPES, type StoredSource, type VariantFormat } from './variants.ts';

// The one decision "may these stored bytes be shown to a visitor" (docs/decisions/0057, 0113):
// /api/image asks it for every request, whatever spelling names the bytes — a library file's ref,
// a seed file id, its storage path, a made variant's path, any path that resolves to them — and
// for every size, the share preview, HEAD and ranges alike. Library bytes are answered only as the
// library file they belong to (its row, its school's children's consent), and only while that row
// exists; everything under the library's folders that is not exactly such a file is no file at all.

/** A seed file id (the files table) or a library ref: one plain segment. */
const FILE_ID = /^[A-Za-z0-9_-]{6,64}$/;
/** library/{school}/{first two of the hash}/{sha-256}.{extension} (library.ts libraryPath). */
const STORAGE_PATH = /^library\/([A-Za-z0-9_-]{1,32})\/([0-9a-f]{2})\/([0-9a-f]{64})\.[a-z0-9]{1,10}$/;
/** library-variants/{ref}/{width}.{format} (library.ts variantFile). */
const VARIANT_PATH = /^library-variants\/(m[0-9a-f]{39})\/([0-9]{1,5})\.([a-z]{1,5})$/;

/** What may be sent: a library file (the original or one of its made variants), or another stored file. */
export type Servable =
  | {
      kind: 'library';
      /** The school the file belongs to (a suspended school's files are not served). */
      school: string;
      row: MediaRow;
      source: StoredSource;
      contentType: string;
      /** A made variant (its own type); null: the original. */
      variant: { width: number; format: VariantFormat } | null;
    }
  | { kind: 'stored'; school: string; source: StoredSource; contentType: string; byId: boolean };

/**
 * A folder name as a case-insensitive or normalising store might read it: LIBRARY, Library,
 * full-width or compatibility letters all name the library's folder there.
 */
const folded = (segment: string) => segment.normalize('NFKC').toUpperCase().toLowerCase();

/**
 * The path of the stored bytes `relative` names, as the store itself keeps them: on local disk
 * with every link and "." resolved (null when it leads outside the media folder or to nothing).
 * An object store's keys have no links.
 */
async function canonicalPath(config: Config, relative: string): Promise<string | null> {
  if (config.s3) return relative;
  try {
    const root = await realpath(config.mediaRoot);
    const real = await realpath(nodePath.join(root, ...relative.split('/')));
    if (!real.startsWith(root + nodePath.sep)) return null;
    return nodePath.relative(root, real).split(nodePath.sep).join('/');
  } catch {
    return null;
  }
}

/** The library file (or its variant) when it may be shown now: its row exists and no tagged child lacks photo consent. */
async function libraryFile(
  db: Db,
  config: Config,
  row: MediaRow | undefined,
  variant: { width: number; format: VariantFormat } | null,
  now: Date,
): Promise<Servable | null> {
  if (!row) return null;
  if (variant && row.item.kind !== 'image') return null;
  // A photo of a child without current photo consent is not served at all, in any form (0057).
  if ((await hiddenPhotoRefs(db, [row.item.ref], now)).size > 0) return null;
  const { media } = mediaStores(config);
  const path = variant ? variantFile(row.item.ref, variant.width, variant.format) : row.path;
  const info = await media.stat(path);
  if (!info) return null;
  const contentType = variant ? FORMAT_TYPES[variant.format] : row.item.contentType;
  return { kind: 'library', school: row.school, row, source: { store: media, path, ...info }, contentType, variant };
}

/** A path in the media store: a library file only exactly as the library names it; any other stored file as it is. */
async function byPath(
  db: Db,
  config: Config,
  relative: string,
  known: { contentType: string; byId: boolean } | null,
  now: Date,
): Promise<Servable | null> {
  const path = await canonicalPath(config, relative);
  if (!path) return null;
  const folder = folded(path.split('/')[0] ?? '');
  if (folder === 'library') {
    const match = STORAGE_PATH.exec(path);
    if (!match) return null;
    const [, school = '', prefix = '', sha = ''] = match;
    const row = await findMedia(db, school, sha);
    // The row must name exactly this file: another school's folder or another spelling is not it.
    return prefix === sha.slice(0, 2) && row?.path === path ? libraryFile(db, config, row, null, now) : null;
  }
  if (folder === 'library-variants') {
    const match = VARIANT_PATH.exec(path);
    if (!match) return null;
    const [, ref = '', width = '', format = ''] = match;
    const made = LIBRARY_WIDTHS.find((w) => String(w) === width);
    const kind = LIBRARY_FORMATS.find((f) => f === format);
    if (made === undefined || kind === undefined) return null;
    return libraryFile(db, config, await findMediaByRef(db, ref), { width: made, format: kind }, now);
  }
  const { media } = mediaStores(config);
  const info = await media.stat(path);
  if (!info) return null;
  return {
    kind: 'stored',
    // A stored file's first folder is its school's code ({CODE}/public/Images/…).
    school: path.split('/')[0] ?? '',
    source: { store: media, path, ...info },
    contentType: known?.contentType ?? contentTypeOf(path),
    byId: known?.byId ?? false,
  };
}

/**
 * What /api/image may send for the clean reference `ref` (safeMediaRef's output) at `now`, or null:
 * nothing there, or nothing a visitor may see (the caller answers 404 for both, alike).
 */
export async function servableFile(db: Db, config: Config, ref: string, now: Date): Promise<Servable | null> {
  if (FILE_ID.test(ref)) {
    const library = await findMediaByRef(db, ref);
    if (library) return libraryFile(db, config, library, null, now);
    const stored = await findFile(db, ref);
    if (stored) {
      // A seed file id leads to a path, decided like any path (it may name a library file).
      const path = safeMediaRef(stored.path);
      return path ? byPath(db, config, path, { contentType: stored.contentType, byId: true }, now) : null;
    }
  }
  return byPath(db, config, ref, null, now);
}
