import { useMemo } from 'react';
import { IMAGE_WIDTHS } from '@sthsm/contract/images';
import type { SiteImage } from '@sthsm/contract/school-fields';
import { imageUrl } from '../lib/images';
import { ApiImage } from './api-image';
import { preloadLightbox, useLightbox } from './lightbox/lazy-lightbox';
import type { LightboxItem } from './lightbox/types';

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

function toItem(photo: Photo): LightboxItem {
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

const isPlainClick = (e: React.MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * A responsive grid of photos; each opens the site's one lightbox. Without JavaScript each photo
 * is a plain link to the full image; with it, the same link opens the lightbox at that photo.
 */
export function PhotoGrid({ photos, label }: { photos: Photo[]; label: string }) {
  const items = useMemo(() => photos.map(toItem), [photos]);
  const { openAt, element } = useLightbox(items, label);
  return (
    <>
      <ul className="photo-grid" aria-label={label}>
        {photos.map((photo, i) => (
          <li key={`${photo.src}-${i}`}>
            <a
              href={imageUrl(photo.src)}
              aria-haspopup="dialog"
              onPointerDown={preloadLightbox}
              onClick={(e) => {
                if (!isPlainClick(e)) return;
                e.preventDefault();
                openAt(i, e.currentTarget);
              }}
            >
              <ApiImage
                src={photo.src}
                width={photo.width}
                height={photo.height}
                maxWidth={960}
                sizes="(min-width: 992px) 25vw, (min-width: 600px) 33vw, 50vw"
                alt={photo.alt}
              />
            </a>
          </li>
        ))}
      </ul>
      {element}
    </>
  );
}
