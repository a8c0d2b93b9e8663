import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.ts';
import type { MediaFile } from './resolve.ts';
import { FORMAT_TYPES, isResizable, NAMED_VARIANTS, nearestWidth, pickFormat, variantPath, type VariantName } from './variants.ts';

/** Content-addressed files (fetched by id) never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files fetched by path may be replaced: cache briefly, then revalidate with the ETag. */
export const REVALIDATE = 'public, max-age=300, must-revalidate';
/** Media is never a document: no scripts even for SVG opened directly. */
const MEDIA_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

const etags = new Map<string, string>();

async function read(file: MediaFile): Promise<{ bytes: Buffer | null; etag: string }> {
  const key = `${file.absPath}|${file.size}|${file.mtimeMs}`;
  const known = etags.get(key);
  if (known) return { bytes: null, etag: known };
  const bytes = await readFile(file.absPath);
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
  if (etags.size > 10_000) etags.clear();
  etags.set(key, etag);
  return { bytes, etag };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

export interface SendOptions {
  file: MediaFile;
  contentType: string;
  cacheControl: string;
  cacheDir: string;
  width?: number | undefined;
  /** A named variant (variants.ts NAMED_VARIANTS); wins over `width`. */
  variant?: VariantName | undefined;
}

/** Sends a media file or its resized variant with caching headers; 304 when the client's copy is current. */
export async function sendMedia(req: FastifyRequest, reply: FastifyReply, options: SendOptions): Promise<FastifyReply> {
  let { file, contentType } = options;
  if (options.variant !== undefined) {
    if (!isResizable(contentType)) throw new HttpError(400, 'Only images have a ?variant=.');
    const named = NAMED_VARIANTS[options.variant];
    const variant = await variantPath(options.cacheDir, file, named.width, named.format, named.height);
    const info = await stat(variant.file);
    file = { absPath: variant.file, size: info.size, mtimeMs: info.mtimeMs };
    contentType = FORMAT_TYPES[named.format];
    reply.header('X-Variant-Cache', variant.hit ? 'hit' : 'miss');
  } else if (options.width !== undefined) {
    if (!isResizable(contentType)) throw new HttpError(400, 'Only images can be resized with ?w=.');
    const format = pickFormat(req.headers.accept, contentType);
    const variant = await variantPath(options.cacheDir, file, nearestWidth(options.width), format);
    const info = await stat(variant.file);
    file = { absPath: variant.file, size: info.size, mtimeMs: info.mtimeMs };
    contentType = FORMAT_TYPES[format];
    reply.header('Vary', 'Accept').header('X-Variant-Cache', variant.hit ? 'hit' : 'miss');
  }
  const { bytes, etag } = await read(file);
  reply
    .header('Content-Type', contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', MEDIA_CSP)
    .header('Cache-Control', options.cacheControl)
    .header('ETag', etag);
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(bytes ?? (await readFile(file.absPath)));
}
