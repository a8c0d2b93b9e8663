// The lightbox's option rules (SPEC §5, §9) as pure functions, unit-tested in rules.test.ts.

/** SPEC §9: slideshow interval, animation and zoom constants. */
export const SLIDESHOW_DELAY_MS = 1700;
export const ANIMATION_MS = 300;
export const DEFAULT_MAX_ZOOM = 8;
export const MIN_MAX_ZOOM = 1;
export const MAX_MAX_ZOOM = 24;
export const DEFAULT_VIDEO_HEIGHT = 200;
export const DEFAULT_VIDEO_WIDTH = 900;

/** The maximum-zoom option, clamped to 1-24; anything unreadable is the default 8 (SPEC §5). */
export function clampMaxZoom(value: number | string | null | undefined): number {
  const n = typeof value === 'string' ? Number.parseFloat(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return DEFAULT_MAX_ZOOM;
  return Math.min(MAX_MAX_ZOOM, Math.max(MIN_MAX_ZOOM, n));
}

export type AutoPlayOption = boolean | number | string | null | undefined;

/** An HTML5 video autoplays by default, except when autoPlay is 0 or the text "false" (SPEC §5). */
export function videoAutoPlays(autoPlay: AutoPlayOption): boolean {
  if (autoPlay === 0 || autoPlay === false) return false;
  if (typeof autoPlay === 'string' && (autoPlay.trim().toLowerCase() === 'false' || autoPlay.trim() === '0')) return false;
  return true;
}

/** An embedded YouTube video autoplays only when autoPlay is unset, 1 or true (SPEC §5). */
export function youTubeAutoPlays(autoPlay: AutoPlayOption): boolean {
  if (autoPlay === undefined || autoPlay === null || autoPlay === '') return true;
  if (autoPlay === 1 || autoPlay === true) return true;
  return typeof autoPlay === 'string' && ['1', 'true'].includes(autoPlay.trim().toLowerCase());
}

/** Video box size in CSS pixels, with SPEC §5's defaults. */
const isPositive = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

export function videoSize(width?: number | null, height?: number | null): { width: number; height: number } {
  return { width: isPositive(width) ? width : DEFAULT_VIDEO_WIDTH, height: isPositive(height) ? height : DEFAULT_VIDEO_HEIGHT };
}

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The video id of a YouTube watch, share, embed or shorts URL, or of a bare id; null otherwise. */
export function youTubeId(input: string): string | null {
  const text = input.trim();
  if (YOUTUBE_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    id = url.pathname === '/watch' ? url.searchParams.get('v') : /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The privacy-enhanced embed URL for an id, honouring the autoplay rule (muted, as browsers require). */
export function youTubeEmbedUrl(id: string, autoPlay: AutoPlayOption): string {
  const params = new URLSearchParams({ rel: '0', playsinline: '1' });
  if (youTubeAutoPlays(autoPlay)) {
    params.set('autoplay', '1');
    params.set('mute', '1');
  }
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?${params.toString()}`;
}

/** "1/125" or 0.008 → "1/125 s"; 2 → "2 s". */
export function formatShutter(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') return `${value} s`;
  if (value >= 1) return `${Number(value.toFixed(1))} s`;
  return `1/${Math.round(1 / value)} s`;
}

/** 2.8 → "f/2.8". */
export function formatAperture(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? `f/${Number(n.toFixed(1))}` : '';
}

/** The file name to show and download: the reference's last segment, with an extension from the content type when it has none. */
export function fileNameOf(src: string, contentType?: string | null): string {
  const path = src.split(/[?#]/)[0] ?? '';
  const last = decodeURIComponent(path.split('/').filter(Boolean).pop() ?? 'image');
  if (/\.[a-z0-9]{2,5}$/i.test(last)) return last;
  const ext = contentType?.includes('png')
    ? '.png'
    : contentType?.includes('webp')
      ? '.webp'
      : contentType?.includes('avif')
        ? '.avif'
        : '.jpg';
  return `${last}${ext}`;
}
