import { createHash } from 'node:crypto';
import { chmod, mkdir, open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';

// File helpers for archives, which hold personal data: folders 0700, files 0600.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the folder readable by this user only, and narrows an existing one. Answers a warning
 * when the mode cannot be set (a mount point owned by someone else), rather than failing.
 */
export async function ensurePrivateDir(dir: string): Promise<string | null> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    await chmod(dir, PRIVATE_DIR_MODE);
    return null;
  } catch (err) {
    return `Could not make ${dir} private (mode 0700): ${(err as Error).message}`;
  }
}

/** A media file read once: its checksum and size, and its bytes in memory or (when large) on disk. */
export interface StagedFile {
  sha256: string;
  size: number;
  bytes: Buffer | null;
  file: string | null;
}

/**
 * Reads a stream once, hashing it. Up to `memoryLimit` bytes stay in memory (most media: one
 * write into the archive); beyond that the bytes spill into `spillFile`, created private.
 */
export async function stageStream(source: Readable, spillFile: string, memoryLimit: number): Promise<StagedFile> {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  let spill: FileHandle | null = null;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      if (!spill && size <= memoryLimit) {
        chunks.push(chunk);
        continue;
      }
      if (!spill) {
        spill = await open(spillFile, 'wx', PRIVATE_FILE_MODE);
        for (const held of chunks.splice(0)) await spill.write(held);
      }
      await spill.write(chunk);
    }
  } finally {
    await spill?.close();
  }
  return spill
    ? { sha256: hash.digest('hex'), size, bytes: null, file: spillFile }
    : { sha256: hash.digest('hex'), size, bytes: Buffer.concat(chunks), file: null };
}

/** Makes a rename or unlink in `dir` durable. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
