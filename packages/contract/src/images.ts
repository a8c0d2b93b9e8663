// Image facts both sides rely on. No zod here: the site's browser code imports this module.

/** The widths the image endpoint serves with `?w=`; any other request gets the nearest of these. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1024, 1280, 1600, 1920] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The album category the site's photo gallery shows (CONTRACT.md). */
export const PHOTO_GALLERY = 'PhotoGallery';

/**
 * One segment of a media path: a letter, digit or _ first, then also space . , ( ) + ~ -. A
 * whitelist rather than a blacklist (docs/decisions/0010): every traversal spelling needs a
 * character or a segment outside it. The API checks references with it; the school-data schemas
 * check stored image and document paths with it.
 */
export const MEDIA_SEGMENT_PATTERN = /^[\p{L}\p{N}_][\p{L}\p{N}_ .,()+~-]*$/u;
export const MEDIA_REF_MAX_LENGTH = 512;
export const MEDIA_REF_MAX_SEGMENTS = 16;

/** A clean relative media reference (a file id or a path like "STHSM/public/Images/x.jpg"), as "/"-joined segments; null when not acceptable. */
export function safeMediaRef(ref: string): string | null {
  if (ref.length === 0 || ref.length > MEDIA_REF_MAX_LENGTH) return null;
  const segments = ref.split('/');
  if (segments.length > MEDIA_REF_MAX_SEGMENTS) return null;
  for (const segment of segments) {
    if (!MEDIA_SEGMENT_PATTERN.test(segment) || segment.endsWith(' ') || segment.endsWith('.')) return null;
  }
  return segments.join('/');
}
