import { useI18n } from '../i18n/i18n';

/**
 * The visible pause control of moving content (WCAG 2.2.2): "Pause …" while it moves, "Play …" when
 * stopped. It is server-rendered markup; its owner's controller (carousel-controller.ts,
 * home/ticker-controller.ts) handles the press and keeps the name and `data-playing` (which icon
 * shows, carousel.css) up to date.
 */
export function PlayPauseButton({
  playing,
  what,
  className,
  hidden,
}: {
  playing: boolean;
  what: string;
  className: string;
  /** Hidden until the controller starts the motion. */
  hidden?: boolean;
}) {
  const { t } = useI18n();
  const pause = t('media.carousel.pause', { what });
  const play = t('media.carousel.play', { what });
  return (
    <button
      type="button"
      className={className}
      aria-label={playing ? pause : play}
      data-pause={pause}
      data-play={play}
      data-playing={String(playing)}
      hidden={hidden}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className="icon-pause">
        <path d="M8 5v14M16 5v14" />
      </svg>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className="icon-play">
        <path d="M7 5l12 7-12 7z" className="fill" />
      </svg>
    </button>
  );
}
