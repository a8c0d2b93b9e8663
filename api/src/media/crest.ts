import { CREST_MIN_PX } from '@sthsm/contract/brand';
import type { Metadata } from 'sharp';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { servableFile } from './servable.ts';
import { sharpFrom } from './variants.ts';

// The school's crest and share image (school settings' brand, docs/decisions/0133): what a picture
// must be to stand for the school, and the favicon and app icons made from the crest, per school.

/** The icons made from a crest: favicon, Apple touch icon, the manifest's two app icons. */
export const ICON_SIZES = [32, 180, 192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

const PICTURE_FORMATS = new Set(['png', 'webp', 'jpeg']);

export const NOT_A_PICTURE = (label: string) =>
  `${label}: choose a PNG, WebP or JPEG picture from the media library (an SVG or a PDF cannot be used; save the crest as a PNG first).`;
export const CREST_TOO_SMALL = (width: number, height: number) =>
  `Crest: this picture is ${width} × ${height} pixels; a crest must be at least ${CREST_MIN_PX} pixels wide or high, so the app icons made from it stay sharp.`;

/**
 * Null when `ref` (already known to be the school's own file) may be the crest or the share image;
 * else the one-line message. The bytes decide (sharp reads the header), not the name.
 */
export async function pictureProblem(db: Db, config: Config, ref: string, role: 'crest' | 'shareImage', now: Date): Promise<string | null> {
  const label = role === 'crest' ? 'Crest' : 'Share image';
  const file = await servableFile(db, config, ref, now);
  if (!file) return NOT_A_PICTURE(label);
  let meta: Metadata;
  try {
    meta = await sharpFrom(file.source).metadata();
  } catch {
    return NOT_A_PICTURE(label);
  }
  if (!meta.format || !PICTURE_FORMATS.has(meta.format)) return NOT_A_PICTURE(label);
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (role === 'crest' && Math.max(width, height) < CREST_MIN_PX) return CREST_TOO_SMALL(width, height);
  return null;
}

/** Made icons, by crest, its stored bytes' change time and size: a new crest (or new bytes) makes new ones. */
const icons = new Map<string, Buffer>();
const MAX_ICONS = 400;

/**
 * The crest as a square PNG icon of `size` pixels, whole (contained) on a transparent ground —
 * white for the Apple touch icon, which iOS would fill with black. Null when the crest cannot be
 * shown (gone, or a photo hidden for consent: the same rule as /api/image).
 */
export async function crestIcon(db: Db, config: Config, crest: string, size: IconSize, now: Date): Promise<Buffer | null> {
  const file = await servableFile(db, config, crest, now);
  if (!file) return null;
  const key = `${crest}/${file.source.path}/${file.source.mtimeMs}/${file.source.size}/${size}`;
  const made = icons.get(key);
  if (made) return made;
  const background = size === 180 ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
  const bytes = await sharpFrom(file.source)
    .autoOrient()
    .resize(size, size, { fit: 'contain', background, kernel: 'lanczos3' })
    .flatten(size === 180 ? { background: '#ffffff' } : false)
    .png({ compressionLevel: 9 })
    .toBuffer();
  if (icons.size >= MAX_ICONS) icons.delete(icons.keys().next().value ?? '');
  icons.set(key, bytes);
  return bytes;
}
