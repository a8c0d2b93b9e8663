import { imageSrcSet, imageUrl } from '../lib/images';

export interface Photo {
  /** A CONTRACT file reference (identifier or relative path). */
  src: string;
  alt: string;
  width: number;
  height: number;
  caption?: string;
}

/**
 * A responsive grid of photos; each opens the site's one lightbox.
 * Work in progress: the lightbox arrives with the galleries issue; until then a photo opens the full image.
 */
export function PhotoGrid({ photos, label }: { photos: Photo[]; label: string }) {
  return (
    <ul className="photo-grid" aria-label={label}>
      {photos.map((photo) => (
        <li key={photo.src}>
          <a href={imageUrl(photo.src)}>
            <img
              src={imageUrl(photo.src, 480)}
              srcSet={imageSrcSet(photo.src, 960)}
              sizes="(min-width: 992px) 25vw, (min-width: 600px) 33vw, 50vw"
              alt={photo.alt}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              decoding="async"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
