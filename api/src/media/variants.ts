import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@sthsm/contract/images';
import sharp from 'sharp';
import type { MediaFile } from './resolve.ts';

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

/**
 * The path of the cached variant, encoding it first when it is not on disk yet. The key covers the
 * source's path, size and mtime, so a replaced source gets a fresh variant. Concurrent requests for
 * the same variant share one encode; the file appears atomically (write, then rename).
 */
export async function variantPath(
  cacheDir: string,
  source: MediaFile,
  width: number,
  format: VariantFormat,
  height?: number,
): Promise<{ file: string; hit: boolean }> {
  const box = height === undefined ? `${width}` : `${width}x${height}`;
  const key = createHash('sha256').update(`${source.absPath}|${source.size}|${source.mtimeMs}|${box}|${format}`).digest('hex');
  const file = path.join(cacheDir, 'variants', key.slice(0, 2), `${key}.${format}`);
  if (await exists(file)) return { file, hit: true };
  let pending = inFlight.get(file);
  if (!pending) {
    pending = encode(source.absPath, file, width, format, height).finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  return { file: await pending, hit: false };
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function encode(input: string, output: string, width: number, format: VariantFormat, height?: number): Promise<string> {
  const pipeline = sharp(input, { failOn: 'error' })
    .rotate()
    .resize(
      height === undefined ? { width, withoutEnlargement: true } : { width, height, fit: 'cover', position: sharp.strategy.attention },
    );
  const bytes = await (
    format === 'avif'
      ? pipeline.avif({ quality: 50, effort: 2 })
      : format === 'webp'
        ? pipeline.webp({ quality: 75 })
        : format === 'png'
          ? pipeline.png()
          : pipeline.jpeg({ quality: 80, mozjpeg: true })
  ).toBuffer();
  await mkdir(path.dirname(output), { recursive: true });
  const temp = `${output}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, output);
  return output;
}
