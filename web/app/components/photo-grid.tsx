import { useMemo } from 'react';
import { useI18n } from '../i18n/i18n';
import { imageUrl } from '../lib/images';
import { ApiImage } from './api-image';
import { isPlainClick, photosOf, toItem, type Photo } from './lightbox/grid-items';
import { preloadLightbox, useLightbox } from './lightbox/lazy-lightbox';
import { lightboxWords } from './lightbox/words';

export { photosOf, type Photo };

/**
 * A responsive grid of photos; each opens the site's one lightbox. Without JavaScript each photo
 * is a plain link to the full image; with it, the same link opens the lightbox at that photo. Pages
 * without React (docs/decisions/0077) do this with islands/photos.ts, which reads `data-photos`.
 */
export function PhotoGrid({
  photos,
  label,
  lang,
}: {
  photos: Photo[];
  label: string;
  /** The photos' descriptions' language, where the school's English differs from the page's. */ lang?: string;
}) {
  const items = useMemo(() => photos.map(toItem), [photos]);
  const { t } = useI18n();
  const words = useMemo(() => lightboxWords(t), [t]);
  const { openAt, element } = useLightbox(items, label, words);
  return (
    <>
      <ul className="photo-grid" aria-label={label} data-photos={JSON.stringify(photos)} data-words={JSON.stringify(words)}>
        {photos.map((photo, i) => (
          <li key={`${photo.src}-${i}`} lang={lang}>
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
