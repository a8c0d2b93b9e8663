import type { AutoPlayOption } from './rules';
import type { LightboxWords } from './words';

/** One item of the site's lightbox. URLs are ready to use (see lib/images.ts for file references). */
export type LightboxItem = LightboxImage | LightboxYouTube | LightboxVideo | LightboxEmbed;

export interface LightboxImage {
  type: 'image';
  /** The original file: downloaded, and read for EXIF. */
  src: string;
  /** Resized variants for display (optional). */
  srcSet?: { src: string; width: number; height: number }[];
  /** Natural size, when known. */
  width?: number;
  height?: number;
  alt: string;
  caption?: string;
  /** A small image for the thumbnails strip. */
  thumbnail?: string;
}

export interface LightboxYouTube {
  /** "yt" marks an embedded YouTube video (SPEC §3). */
  type: 'yt';
  /** A YouTube URL or video id. */
  url: string;
  title: string;
  caption?: string;
  autoPlay?: AutoPlayOption;
  videoWidth?: number;
  videoHeight?: number;
}

export interface LightboxVideo {
  type: 'video';
  sources: { src: string; type: string }[];
  title: string;
  poster?: string;
  caption?: string;
  autoPlay?: AutoPlayOption;
  videoWidth?: number;
  videoHeight?: number;
}

/** Any other embeddable page (a map, a form, a third-party player) in a sandboxed frame. */
export interface LightboxEmbed {
  type: 'embed';
  url: string;
  title: string;
  caption?: string;
  videoWidth?: number;
  videoHeight?: number;
  thumbnail?: string;
}

export type LightboxTheme = 'night' | 'day';

export interface LightboxViewProps {
  items: LightboxItem[];
  open: boolean;
  index: number;
  onClose: () => void;
  /** Called once the close animation has ended. */
  onExited?: () => void;
  /** The dialog's accessible name, e.g. "Library photos". */
  label: string;
  /** Maximum zoom, clamped to 1-24 (default 8). */
  maxZoom?: number;
  theme?: LightboxTheme;
  /** Its buttons' names and the details panel's words, in the page's language (words.ts). */
  words: LightboxWords;
  /** Called when an image or a video fails to load (SPEC §8). */
  onMediaError?: (item: LightboxItem) => void;
}
