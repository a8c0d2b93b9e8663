import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, realpath, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';

/** What serving needs to know of a stored file before reading it. */
export interface StoredFileInfo {
  size: number;
  /** Last change, in ms since the epoch (an object store's Last-Modified). */
  mtimeMs: number;
}

/** Bytes `start` to `end`, both inclusive (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Every read and write of media goes through this: backup and restore, the media library's
 * uploads, the background variants and /api/image (docs/decisions/0036). Local disk today; an
 * object store (S3-compatible) implements the same operations, so no route changes. Paths are
 * relative, "/"-separated.
 */
export interface MediaStore {
  /** A description for messages (a folder, a bucket). */
  readonly where: string;
  /** Every file, in no particular order. */
  list(): AsyncIterable<{ path: string }>;
  /** The file's bytes, or only `range` of them, as a stream (never read whole into memory). */
  read(path: string, range?: ByteRange): Readable;
  /** Size and last change of a regular file; null when there is none (or the path is not a plain one). */
  stat(path: string): Promise<StoredFileInfo | null>;
  /** Creates or replaces the file with the stream's bytes; a reader never sees half a file. */
  write(path: string, data: Readable): Promise<void>;
  remove(path: string): Promise<void>;
}

/**
 * A relative path from an archive is used only when every segment is a plain name: no empty,
 * "." or ".." segment, no NUL and no leading "/". (Broader than the URL whitelist of
 * media/resolve.ts on purpose: a backup keeps whatever the folder held.)
 */
export function isStorablePath(relative: string): boolean {
  if (relative.length === 0 || relative.length > 4096 || relative.includes('\0') || relative.startsWith('/')) return false;
  return relative.split('/').every((s) => s.length > 0 && s !== '.' && s !== '..');
}

/** Every regular file under `dir`, as paths relative to the starting folder. */
async function* walk(dir: string, prefix: string): AsyncGenerator<{ path: string }> {
  let handle;
  try {
    handle = await opendir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for await (const entry of handle) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, relative);
    else if (entry.isFile()) yield { path: relative };
  }
}

/** The media folder on local disk (DATA_DIR/media). Symbolic links are not followed by list(); stat() refuses one that leads outside. */
export function localMediaStore(root: string): MediaStore {
  const absolute = (relative: string): string => {
    if (!isStorablePath(relative)) throw new Error(`Not a plain relative media path: ${JSON.stringify(relative)}`);
    const target = path.resolve(root, ...relative.split('/'));
    if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error(`Media path leaves the media folder: ${relative}`);
    return target;
  };

  return {
    where: root,
    list: () => walk(root, ''),
    read: (relative, range) => createReadStream(absolute(relative), range ? { start: range.start, end: range.end } : {}),
    async stat(relative) {
      if (!isStorablePath(relative)) return null;
      try {
        const [realRoot, real] = [await realpath(root), await realpath(absolute(relative))];
        if (!real.startsWith(realRoot + path.sep)) return null;
        const info = await stat(real);
        return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
      } catch {
        return null;
      }
    },
    async write(relative, data) {
      const target = absolute(relative);
      await mkdir(path.dirname(target), { recursive: true });
      // A folder inside the media root that is a link elsewhere must not carry a write out of it.
      const [realRoot, realParent] = [await realpath(root), await realpath(path.dirname(target))];
      if (realParent !== realRoot && !realParent.startsWith(realRoot + path.sep))
        throw new Error(`Media path leaves the media folder: ${relative}`);
      const temporary = `${target}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(data, createWriteStream(temporary, { flags: 'wx', flush: true }));
        await rename(temporary, target);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    async remove(relative) {
      await unlink(absolute(relative)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
  };
}
