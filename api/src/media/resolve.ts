import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { safeMediaRef } from '@sthsm/contract/images';

// A media reference is a relative path of plain segments, checked by the contract's whitelist
// (safeMediaRef): every traversal spelling (.., %2e%2e, %252e, overlong UTF-8, backslash, NUL,
// drive letters, unicode slashes and dots) fails it because it needs a character or segment
// outside the allowed set (docs/decisions/0010).

export interface MediaFile {
  absPath: string;
  size: number;
  mtimeMs: number;
}

/**
 * Resolves a clean relative path to a regular file inside the media root, following symlinks
 * and checking the real path again, so a link pointing outside the root is refused.
 */
export async function resolveInside(mediaRoot: string, relative: string): Promise<MediaFile | null> {
  const clean = safeMediaRef(relative);
  if (!clean) return null;
  try {
    const root = await realpath(mediaRoot);
    const real = await realpath(path.join(root, ...clean.split('/')));
    if (!real.startsWith(root + path.sep)) return null;
    const info = await stat(real);
    if (!info.isFile()) return null;
    return { absPath: real, size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    return null;
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}
