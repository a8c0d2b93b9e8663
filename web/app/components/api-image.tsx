import type { SiteImage } from '@sthsm/contract/school-fields';
import { useI18n } from '../i18n/i18n';
import { imageSrcSet, imageUrl } from '../lib/images';

/** `sizes` of a card picture in the site's one-to-three-column card grids. */
export const CARD_SIZES = '(min-width: 992px) 33vw, (min-width: 600px) 50vw, 100vw';

/** lazy: below the fold (the default); eager: load at once; priority: the page's largest picture (LCP). */
export type ImageLoading = 'lazy' | 'eager' | 'priority';

type Source =
  /** A stored picture with its true size and alt text. */
  | { image: SiteImage; alt?: string }
  /** A CONTRACT file reference with the size the layout reserves for it. */
  | { src: string; width: number; height: number; alt: string; maxWidth?: number };

/**
 * The one responsive image of the site, from the image endpoint: a srcset over the widths it
 * serves (up to the picture's own width when known), `sizes` for the layout, width and height so
 * nothing moves while it loads, and lazy loading unless it is near the top of the page.
 */
export function ApiImage(props: Source & { sizes: string; className?: string; loading?: ImageLoading; lang?: string }) {
  const { sizes, className, loading = 'lazy' } = props;
  const { contentLang } = useI18n();
  const { ref, width, height, alt, maxWidth } =
    'image' in props
      ? {
          ref: props.image.path,
          width: props.image.width,
          height: props.image.height,
          alt: props.alt ?? props.image.alt,
          maxWidth: props.image.width,
        }
      : { ref: props.src, width: props.width, height: props.height, alt: props.alt, maxWidth: props.maxWidth ?? 1920 };
  return (
    <img
      className={className}
      src={imageUrl(ref, Math.min(640, maxWidth))}
      srcSet={imageSrcSet(ref, maxWidth)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={loading === 'priority' ? 'high' : undefined}
      // A stored picture's own alt text is the school's (English until translated); a given one says its own language.
      lang={props.lang ?? ('image' in props && props.alt === undefined && alt ? contentLang : undefined)}
      decoding={loading === 'lazy' ? 'async' : undefined}
    />
  );
}
