import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MediaStore } from '../backup/media-store.ts';
import { HttpError } from '../errors.ts';
import {
  FORMAT_TYPES,
  isResizable,
  NAMED_VARIANTS,
  nearestWidth,
  pickFormat,
  variantPath,
  type StoredSource,
  type VariantName,
} from './variants.ts';

/** Content-addressed files (fetched by id) never change. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files fetched by path may be replaced: cache briefly, then revalidate with the ETag. */
export const REVALIDATE = 'public, max-age=300, must-revalidate';
/** Media is never a document: no scripts even for SVG opened directly. */
const MEDIA_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

const etags = new Map<string, string>();

/** A strong ETag from the file's bytes (sha-256), hashed as a stream and remembered per path, size and mtime. */
async function etagOf(source: StoredSource): Promise<string> {
  const key = `${source.store.where}|${source.path}|${source.size}|${source.mtimeMs}`;
  const known = etags.get(key);
  if (known) return known;
  const hash = createHash('sha256');
  for await (const chunk of source.store.read(source.path)) hash.update(chunk as Buffer);
  const etag = `"${hash.digest('base64url').slice(0, 32)}"`;
  if (etags.size > 10_000) etags.clear();
  etags.set(key, etag);
  return etag;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 §14): the range, 'unsatisfiable' (416),
 * or null to send the whole file (no header, another unit, several ranges or a malformed one).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export interface StoredAnswer {
  source: StoredSource;
  contentType: string;
  cacheControl: string;
  /** The file's ETag when already known (library files: their content hash); else hashed from the bytes. */
  etag?: string | undefined;
}

/**
 * Streams a stored file with caching headers: 304 when the client's copy is current, 206 for one
 * byte range (416 when it lies beyond the end), `Accept-Ranges: bytes` always. Never reads the file
 * whole into memory.
 */
export async function sendStored(req: FastifyRequest, reply: FastifyReply, answer: StoredAnswer): Promise<FastifyReply> {
  const { source } = answer;
  const etag = answer.etag ?? (await etagOf(source));
  reply
    .header('Content-Type', answer.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', MEDIA_CSP)
    .header('Cache-Control', answer.cacheControl)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', new Date(source.mtimeMs).toUTCString());
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  const ifRange = req.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(req.headers.range, source.size) : null;
  if (range === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${source.size}`);
    throw new HttpError(416, `The file has ${source.size} bytes; that range lies outside it.`);
  }
  // HEAD: the length without reading the file. Fastify's HEAD route sets Content-Length: 0 for an
  // empty answer but keeps ours for a stream, so an empty stream stands in for the body.
  if (req.method === 'HEAD') return reply.header('Content-Length', source.size).send(Readable.from([]));
  if (range) {
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${source.size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(source.store.read(source.path, range));
  }
  return reply.header('Content-Length', source.size).send(source.store.read(source.path));
}

export interface SendOptions extends StoredAnswer {
  /** Where on-demand variants are kept (a per-server cache). */
  cache: MediaStore;
  width?: number | undefined;
  /** A named variant (variants.ts NAMED_VARIANTS); wins over `width`. */
  variant?: VariantName | undefined;
}

async function cached(cache: MediaStore, file: string): Promise<StoredSource> {
  const info = await cache.stat(file);
  if (!info) throw new HttpError(503, 'The resized image could not be kept. Try again.');
  return { store: cache, path: file, ...info };
}

/** Sends a media file or its resized variant (encoded on first request, then cached). */
export async function sendMedia(req: FastifyRequest, reply: FastifyReply, options: SendOptions): Promise<FastifyReply> {
  const { cache } = options;
  if (options.variant !== undefined) {
    if (!isResizable(options.contentType)) throw new HttpError(400, 'Only images have a ?variant=.');
    const named = NAMED_VARIANTS[options.variant];
    const variant = await variantPath(cache, options.source, named.width, named.format, named.height);
    reply.header('X-Variant-Cache', variant.hit ? 'hit' : 'miss');
    return sendStored(req, reply, {
      ...options,
      source: await cached(cache, variant.file),
      contentType: FORMAT_TYPES[named.format],
      etag: undefined,
    });
  }
  if (options.width !== undefined) {
    if (!isResizable(options.contentType)) throw new HttpError(400, 'Only images can be resized with ?w=.');
    const format = pickFormat(req.headers.accept, options.contentType);
    const variant = await variantPath(cache, options.source, nearestWidth(options.width), format);
    reply.header('Vary', 'Accept').header('X-Variant-Cache', variant.hit ? 'hit' : 'miss');
    return sendStored(req, reply, {
      ...options,
      source: await cached(cache, variant.file),
      contentType: FORMAT_TYPES[format],
      etag: undefined,
    });
  }
  return sendStored(req, reply, options);
}
