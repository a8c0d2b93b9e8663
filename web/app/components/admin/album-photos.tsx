import { useEffect, useRef, useState, type DragEvent } from 'react';
import { imageUrl } from '../../lib/images';
import { hasAlt, photoField, THUMB_WIDTH, type MediaItem } from '../../lib/staff/media';
import { MediaPicker } from './media-picker';
import { MediaUploader } from './media-uploader';
import { MoveButtons } from './move-buttons';
import { useStarted } from './use-started';

// The album form's Photos section (issue 15): the photos in order, the first one the cover; each
// with its alt text, "Decorative" and caption, saved with the album by its one Save. Reorder by
// dragging a photo or with its Move up / Move down buttons (each move announced); Make cover;
// Remove; add from the library (a search dialog) or straight from an upload. The order travels as
// the hidden `attachments` field, so without JavaScript the album keeps its photos as they are.

interface Props {
  refs: readonly string[];
  media: Readonly<Record<string, MediaItem>>;
  csrf: string;
  error?: string | undefined;
  /** Tells the form it holds unsaved changes (a move is no input event). */
  onEdit: () => void;
}

type Action = 'up' | 'down' | 'cover';

/** `list` with the entry at `from` moved to `to` (the album's photos, an item's files). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved as T);
  return next;
}

const fileName = (ref: string, media: Readonly<Record<string, MediaItem>>) => media[ref]?.name ?? ref.split('/').pop() ?? ref;

export function AlbumPhotos({ refs, media: served, csrf, error, onEdit }: Props) {
  const [photos, setPhotos] = useState<string[]>(() => [...refs]);
  const [media, setMedia] = useState<Record<string, MediaItem>>(() => ({ ...served }));
  const [said, setSaid] = useState('');
  const [picking, setPicking] = useState(false);
  const started = useStarted();
  const dragged = useRef<string | null>(null);
  const focusNext = useRef<{ ref: string; action: Action } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const added = useRef(0);

  // After a move, the moved photo's same button keeps the focus (its row was re-inserted).
  useEffect(() => {
    const target = focusNext.current;
    if (!target || !list.current) return;
    focusNext.current = null;
    const row = list.current.querySelector<HTMLElement>(`[data-ref="${CSS.escape(target.ref)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`button[data-action="${target.action}"]:not(:disabled)`);
    (wanted ?? row?.querySelector<HTMLButtonElement>('button[data-action]:not(:disabled)'))?.focus();
  });

  function change(next: string[], announce: string, focus?: { ref: string; action: Action }) {
    setPhotos(next);
    setSaid(announce);
    focusNext.current = focus ?? null;
    onEdit();
  }

  /** Moves a photo; `action` names the button that keeps the focus (none after a drag). */
  function moveTo(ref: string, to: number, action?: Action) {
    const from = photos.indexOf(ref);
    if (from < 0 || from === to) return;
    const next = move(photos, from, to);
    const where = to === 0 ? 'is now the cover' : `moved to position ${to + 1} of ${next.length}`;
    change(next, `${fileName(ref, media)} ${where}.`, action ? { ref, action } : undefined);
  }

  function add(items: readonly MediaItem[]) {
    const fresh = items.filter((i) => !photos.includes(i.ref));
    if (fresh.length === 0) return;
    setMedia((current) => ({ ...current, ...Object.fromEntries(fresh.map((i) => [i.ref, i])) }));
    setPhotos((current) => [...current, ...fresh.map((i) => i.ref).filter((r) => !current.includes(r))]);
    // Uploads arrive one by one: say how many have been added since the album was last saved, not "1" each time.
    added.current += fresh.length;
    setSaid(`${added.current} ${added.current === 1 ? 'photo' : 'photos'} added. Save the album to keep them.`);
    onEdit();
  }

  function drop(event: DragEvent<HTMLLIElement>, target: string) {
    event.preventDefault();
    const ref = dragged.current;
    dragged.current = null;
    if (ref && ref !== target) moveTo(ref, photos.indexOf(target));
  }

  return (
    <fieldset id="field-attachments" className="admin-fieldset album-photos" aria-describedby="photos-hint">
      <legend>Photos</legend>
      <p className="field-hint" id="photos-hint">
        The first photo is the album&rsquo;s cover. Every photo needs alt text (what it shows) or the Decorative mark before the album can
        be published. Drag a photo, or use its Move buttons, to change the order.
      </p>
      {error ? <p className="field-error">{error}</p> : null}
      <input type="hidden" name="attachments" value={photos.join('\n')} />
      <output className="visually-hidden">{said}</output>
      {photos.length === 0 ? <p>No photos yet.</p> : null}
      <ol className="album-photo-list" ref={list} aria-label="Photos in this album">
        {photos.map((ref, index) => {
          const item = media[ref];
          const name = fileName(ref, media);
          return (
            // Dragging is the pointer's way to reorder; the Move buttons are the keyboard's.
            // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
            <li
              key={ref}
              data-ref={ref}
              className={`album-photo${item && !hasAlt(item) ? ' album-photo--needs-alt' : ''}`}
              draggable={started}
              onDragStart={(e) => {
                dragged.current = ref;
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => drop(e, ref)}
            >
              <img src={imageUrl(ref, THUMB_WIDTH)} alt="" className="album-photo__thumb" loading="lazy" />
              <div className="album-photo__body">
                <p className="album-photo__name">
                  {index + 1}. {name} {index === 0 ? <span className="media-badge media-badge--cover">Cover</span> : null}
                </p>
                {item ? (
                  <PhotoTextFields item={item} name={name} />
                ) : (
                  <p className="field-hint">Not in the media library: no alt text here.</p>
                )}
                {started ? (
                  <div className="admin-button-row album-photo__moves">
                    <MoveButtons name={name} index={index} count={photos.length} onMove={(to, action) => moveTo(ref, to, action)} />
                    <button
                      type="button"
                      className="btn btn--outline"
                      data-action="cover"
                      disabled={index === 0}
                      aria-label={`Make cover: ${name}`}
                      onClick={() => moveTo(ref, 0, 'cover')}
                    >
                      Make cover
                    </button>
                    <button
                      type="button"
                      className="btn btn--outline"
                      aria-label={`Remove from the album: ${name}`}
                      onClick={() => {
                        const next = photos.filter((r) => r !== ref);
                        const neighbour = next[Math.min(index, next.length - 1)];
                        change(next, `${name} removed from the album.`, neighbour ? { ref: neighbour, action: 'up' } : undefined);
                      }}
                    >
                      Remove
                    </button>
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {started ? (
        <>
          <div className="admin-button-row">
            <button type="button" className="btn btn--outline" onClick={() => setPicking(true)}>
              Add from the library
            </button>
          </div>
          {picking ? <MediaPicker chosen={photos} onAdd={add} onClose={() => setPicking(false)} /> : null}
          <MediaUploader csrf={csrf} heading="Upload into this album" onUploaded={(item) => add([item])} />
        </>
      ) : (
        <p className="field-hint">To add or reorder photos, allow JavaScript, or upload in the media library.</p>
      )}
    </fieldset>
  );
}

function PhotoTextFields({ item, name }: { item: MediaItem; name: string }) {
  const id = (field: string) => `photo-${field}-${item.id}`;
  return (
    <div className="album-photo__fields">
      <input
        type="hidden"
        name={photoField('before', item.id)}
        value={JSON.stringify({ alt: item.alt, decorative: item.decorative, caption: item.caption })}
      />
      <div className="field">
        <label htmlFor={id('alt')}>Alt text</label>
        <input id={id('alt')} name={photoField('alt', item.id)} defaultValue={item.alt} aria-label={`Alt text: ${name}`} maxLength={500} />
      </div>
      <label className="admin-check">
        <input
          type="checkbox"
          name={photoField('decorative', item.id)}
          defaultChecked={item.decorative}
          aria-label={`Decorative: ${name}`}
        />{' '}
        Decorative
      </label>
      <div className="field">
        <label htmlFor={id('caption')}>Caption</label>
        <input
          id={id('caption')}
          name={photoField('caption', item.id)}
          defaultValue={item.caption}
          aria-label={`Caption: ${name}`}
          maxLength={500}
        />
      </div>
    </div>
  );
}
