/**
 * A list entry's Move up and Move down buttons: the keyboard's way to reorder an album's photos or a
 * file field's files. `data-action` names the button, so the list can give the focus back to the same
 * button of the moved entry.
 */
export function MoveButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number, action: 'up' | 'down') => void;
}) {
  return (
    <>
      <button
        type="button"
        className="btn btn--outline"
        data-action="up"
        disabled={index === 0}
        aria-label={`Move up: ${name}`}
        onClick={() => onMove(index - 1, 'up')}
      >
        Move up
      </button>
      <button
        type="button"
        className="btn btn--outline"
        data-action="down"
        disabled={index === count - 1}
        aria-label={`Move down: ${name}`}
        onClick={() => onMove(index + 1, 'down')}
      >
        Move down
      </button>
    </>
  );
}
