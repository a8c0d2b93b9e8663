import { useI18n } from '../i18n/i18n';
import { ApiImage } from './api-image';

// What a topper's card shows on the home page and on the toppers pages (SPEC §2: photo with the
// trophy as fallback, name, stream, division).

/** The trophy picture: one file of the site, 400 px square. */
const TROPHY = '/trophy.png';

/** The topper's photo, or the trophy (a static file of the site, decorative) when there is none. */
export function TopperPhoto({
  photo,
  alt,
  width,
  height,
  maxWidth,
  sizes,
}: {
  photo: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  maxWidth: number;
  sizes: string;
}) {
  const { contentLang } = useI18n();
  if (!photo) {
    return (
      <img
        className="topper-card__photo topper-card__photo--trophy"
        src={TROPHY}
        srcSet={`${TROPHY} 400w`}
        sizes={sizes}
        alt=""
        width={400}
        height={400}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <ApiImage
      className="topper-card__photo"
      src={photo}
      width={width}
      height={height}
      maxWidth={maxWidth}
      sizes={sizes}
      alt={alt}
      lang={contentLang}
    />
  );
}

/** The topper's stream (when known: the school's words) and division (a percentage). */
export function TopperResult({ stream, division }: { stream: string; division: string }) {
  const { t, contentLang, contentDir } = useI18n();
  return (
    <>
      {stream ? (
        <p className="topper-card__stream" lang={contentLang} dir={contentDir}>
          {stream}
        </p>
      ) : null}
      <p className="topper-card__division">
        <span className="visually-hidden">{t('lists.toppers.division')}</span>
        {division}
      </p>
    </>
  );
}
