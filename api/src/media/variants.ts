import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { IMAGE_WIDTHS } from '@sthsm/contract/images';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import type { MediaStore, StoredFileInfo } from '../backup/media-store.ts';

export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/tiff']);

/**
 * Named variants besides the plain widths: `og` is a share preview (Open Graph / WhatsApp card),
 * 1200×630 cropped to fill around the most interesting part, always JPEG (every link-preview
 * crawler reads it), enlarged when the source is smaller so the card is always 1200 wide.
 */
export const NAMED_VARIANTS = { og: { width: 1200, height: 630, format: 'jpeg' } } as const satisfies Record<
  string,
  { width: number; height: number; format: VariantFormat }
>;
export type VariantName = keyof typeof NAMED_VARIANTS;

export function isResizable(contentType: string): boolean {
  return RESIZABLE.has(contentType);
}

/** The allowed width (IMAGE_WIDTHS) nearest to the one asked for. */
export function nearestWidth(requested: number): number {
  let best: number = IMAGE_WIDTHS[0];
  for (const w of IMAGE_WIDTHS) if (Math.abs(w - requested) < Math.abs(best - requested)) best = w;
  return best;
}

function accepts(accept: string, type: string): boolean {
  return accept.split(',').some((part) => {
    const [mediaType, ...params] = part
      .trim()
      .split(';')
      .map((s) => s.trim());
    if (mediaType?.toLowerCase() !== type) return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** AVIF, else WebP, when the client's Accept allows; otherwise the source's own family. */
export function pickFormat(accept: string | undefined, sourceType: string): VariantFormat {
  if (accept && accepts(accept, 'image/avif')) return 'avif';
  if (accept && accepts(accept, 'image/webp')) return 'webp';
  return sourceType === 'image/png' || sourceType === 'image/gif' ? 'png' : 'jpeg';
}

export const FORMAT_TYPES: Record<VariantFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

const inFlight = new Map<string, Promise<string>>();

/** A file in a store, as variants and serving see it. */
export interface StoredSource extends StoredFileInfo {
  store: MediaStore;
  path: string;
}

/** Decodes a stored file: its bytes stream from the store into sharp (errors of either side reject). */
export function sharpFrom(source: { store: MediaStore; path: string }, options: SharpOptions = {}): Sharp {
  const image = sharp({ failOn: 'error', ...options });
  const input = source.store.read(source.path);
  input.on('error', (err) => image.destroy(err));
  return input.pipe(image);
}

/** Encodes `pipeline` in `format` (the qualities every variant uses). */
export function encodeAs(pipeline: Sharp, format: VariantFormat): Sharp {
  return format === 'avif'
    ? pipeline.avif({ quality: 50, effort: 2 })
    : format === 'webp'
      ? pipeline.webp({ quality: 75 })
      : format === 'png'
        ? pipeline.png()
        : pipeline.jpeg({ quality: 80, mozjpeg: true });
}

/** Where the on-demand variant of `source` is kept in the cache: keyed by the source's path, size and mtime, the box and the format. */
export function cachedVariantFile(
  source: Pick<StoredSource, 'path' | 'size' | 'mtimeMs'>,
  width: number,
  format: VariantFormat,
  height?: number,
): string {
  const box = height === undefined ? `${width}` : `${width}x${height}`;
  const key = createHash('sha256').update(`${source.path}|${source.size}|${source.mtimeMs}|${box}|${format}`).digest('hex');
  return `variants/${key.slice(0, 2)}/${key}.${format}`;
}

/**
 * The path in `cache` of the on-demand variant, encoding it first when it is not there yet. The
 * key covers the source's path, size and mtime, so a replaced source gets a fresh variant.
 * Concurrent requests for the same variant share one encode; the cache's write is atomic.
 */
export async function variantPath(
  cache: MediaStore,
  source: StoredSource,
  width: number,
  format: VariantFormat,
  height?: number,
): Promise<{ file: string; hit: boolean }> {
  const file = cachedVariantFile(source, width, format, height);
  if (await cache.stat(file)) return { file, hit: true };
  let pending = inFlight.get(file);
  if (!pending) {
    pending = encode(source, cache, file, width, format, height).finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  return { file: await pending, hit: false };
}

async function encode(
  source: StoredSource,
  cache: MediaStore,
  output: string,
  width: number,
  format: VariantFormat,
  height?: number,
): Promise<string> {
  const pipeline = sharpFrom(source)
    .rotate()
    .resize(
      height === undefined ? { width, withoutEnlargement: true } : { width, height, fit: 'cover', position: sharp.strategy.attention },
    );
  const bytes = await encodeAs(pipeline, format).toBuffer();
  await cache.write(output, Readable.from([bytes]));
  return output;
}
