import { imageUrl } from '../../lib/images';
import { THUMB_WIDTH, type MediaItem } from '../../lib/staff/media';

/** A library file's small picture: the photo at the grid's width, or a PDF sign. Its name is beside it, so the image is decorative here. */
export function MediaThumb({ item }: { item: Pick<MediaItem, 'ref' | 'kind' | 'width' | 'height'> }) {
  if (item.kind === 'pdf')
    return (
      <span className="media-thumb media-thumb--pdf" aria-hidden="true">
        PDF
      </span>
    );
  return (
    <img
      className="media-thumb"
      src={imageUrl(item.ref, THUMB_WIDTH)}
      alt=""
      loading="lazy"
      decoding="async"
      width={item.width && item.height ? THUMB_WIDTH : undefined}
      height={item.width && item.height ? Math.round((THUMB_WIDTH * item.height) / item.width) : undefined}
    />
  );
}
