import { IMAGE_WIDTHS } from '@sthsm/contract/images';

// Image URLs for CONTRACT file references: an identifier or a relative path, served as
// /api/image/{ref} (path segments kept). Widths are ones the image endpoint serves (IMAGE_WIDTHS).

export function imageUrl(ref: string, width?: number, base = ''): string {
  const path = ref
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `${base}/api/image/${path}${width ? `?w=${width}` : ''}`;
}

/**
 * The widths a srcset offers: about 1.6× apart, enough for the browser to pick a file within one
 * step of the displayed size at 1×–3× density, with half the markup of every allowed width (the
 * home page carries over 50 images).
 */
export const SRCSET_WIDTHS = [320, 480, 800, 1280, 1920] as const;

/** A srcset over SRCSET_WIDTHS up to `maxWidth` (and `maxWidth` itself when it is an allowed width between them). */
export function imageSrcSet(ref: string, maxWidth = 1920, base = ''): string {
  const widths: number[] = SRCSET_WIDTHS.filter((w) => w <= maxWidth);
  const top = IMAGE_WIDTHS.filter((w) => w <= maxWidth).at(-1);
  if (top !== undefined && !widths.includes(top)) widths.push(top);
  if (widths.length === 0) widths.push(IMAGE_WIDTHS[0]);
  return widths.map((w) => `${imageUrl(ref, w, base)} ${w}w`).join(', ');
}
