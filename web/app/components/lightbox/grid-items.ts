import { IMAGE_WIDTHS } from '@sthsm/contract/images';
import type { SiteImage } from '@sthsm/contract/school-fields';
import { imageUrl } from '../../lib/images';
import type { LightboxItem } from './types';

// A photo grid's photos and the lightbox items made from them: shared by the React grid
// (components/photo-grid.tsx) and the island of pages without React (islands/photos.ts).

export interface Photo {
  /** A CONTRACT file reference (identifier or relative path). */
  src: string;
  alt: string;
  /** The size used for layout (and, unless `exactSize` is false, the file's true size). */
  width: number;
  height: number;
  caption?: string;
  /** False when width/height are only a layout guess (e.g. album photos from the API). */
  exactSize?: boolean;
}

/** Stored pictures (with their true sizes) as grid photos. */
export function photosOf(images: SiteImage[]): Photo[] {
  return images.map((image) => ({ src: image.path, alt: image.alt, width: image.width, height: image.height }));
}

/** One photo as a lightbox item: the original, resized variants where its size is known, a thumbnail. */
export function toItem(photo: Photo): LightboxItem {
  const exact = photo.exactSize !== false;
  return {
    type: 'image',
    src: imageUrl(photo.src),
    srcSet: exact
      ? IMAGE_WIDTHS.filter((w) => w <= photo.width).map((w) => ({
          src: imageUrl(photo.src, w),
          width: w,
          height: Math.round((w * photo.height) / photo.width),
        }))
      : undefined,
    width: exact ? photo.width : undefined,
    height: exact ? photo.height : undefined,
    alt: photo.alt,
    caption: photo.caption,
    thumbnail: imageUrl(photo.src, 160),
  };
}

/** A press that opens the lightbox: the main button, no modifier (those keep the link's new tab or window). */
export function isPlainClick(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
