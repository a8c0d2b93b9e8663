// Image URLs for CONTRACT file references: an identifier or a relative path, served as
// /api/image/{ref} (path segments kept). Widths must be ones the image endpoint allows.
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1024, 1280, 1600, 1920] as const;

export function imageUrl(ref: string, width?: number, base = ''): string {
  const path = ref
    .replace(/^\/+/, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `${base}/api/image/${path}${width ? `?w=${width}` : ''}`;
}

/** A srcset over the allowed widths up to `maxWidth`. */
export function imageSrcSet(ref: string, maxWidth = 1920, base = ''): string {
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${imageUrl(ref, w, base)} ${w}w`)
    .join(', ');
}
