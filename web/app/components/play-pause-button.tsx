/** The visible pause control of moving content (WCAG 2.2.2): "Pause …" while it moves, "Play …" when stopped. */
export function PlayPauseButton({
  playing,
  what,
  onToggle,
  className = 'carousel__button',
}: {
  playing: boolean;
  /** What it moves, for its name: "Pause news ticker". */
  what: string;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <button type="button" className={className} aria-label={`${playing ? 'Pause' : 'Play'} ${what}`} onClick={onToggle}>
      {playing ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path d="M8 5v14M16 5v14" />
        </svg>
      ) : (
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path d="M7 5l12 7-12 7z" className="fill" />
        </svg>
      )}
    </button>
  );
}
