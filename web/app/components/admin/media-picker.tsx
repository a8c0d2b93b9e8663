import { useEffect, useId, useRef, useState } from 'react';
import { hasAlt, type MediaItem, type MediaPage } from '../../lib/staff/media';
import { MediaThumb } from './media-thumb';

// A dialog to choose files from the library (the album editor's "Add from the library", and every
// file field of an item form, components/admin/file-refs.tsx): search, tick files (or pick one for a
// one-file field), Add. It reads GET /api/admin/media from the browser (the session cookie; reads
// need no CSRF token). Its controls have no names: it sits inside the form and adds nothing to it.

const PICKER_TIMEOUT_MS = 10_000;

export function MediaPicker({
  chosen,
  onAdd,
  onClose,
  kind = 'image',
  single = false,
  chosenBadge = 'In the album',
}: {
  /** References already in the album or field (shown as added). */
  chosen: readonly string[];
  onAdd: (items: MediaItem[]) => void;
  onClose: () => void;
  /** Photos only, or photos and PDFs. */
  kind?: 'image' | 'any';
  /** One file only (a topper's photo): the files are radio buttons. */
  single?: boolean;
  /** The words on a file already chosen. */
  chosenBadge?: string;
}) {
  const id = useId();
  const [one, many] = kind === 'image' ? ['photo', 'photos'] : ['file', 'files'];
  const Many = many.charAt(0).toUpperCase() + many.slice(1);
  const dialog = useRef<HTMLDialogElement>(null);
  const [q, setQ] = useState('');
  const [result, setResult] = useState<{ items: MediaItem[]; page: number; more: boolean } | null>(null);
  const [error, setError] = useState('');
  const [ticked, setTicked] = useState<Record<string, MediaItem>>({});

  useEffect(() => {
    dialog.current?.showModal();
    void search('', 1);
    // Opens once, on mount.
    // oxlint-disable-next-line react-hooks/exhaustive-deps, react/exhaustive-effect-dependencies
  }, []);

  async function search(text: string, page: number) {
    setError('');
    const query = new URLSearchParams({ page: String(page) });
    if (kind === 'image') query.set('type', 'image');
    if (text.trim()) query.set('q', text.trim());
    try {
      const response = await fetch(`/api/admin/media?${query}`, {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(PICKER_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(String(response.status));
      const answer = (await response.json()) as MediaPage;
      setResult((current) => ({
        items: page > 1 && current ? [...current.items, ...answer.items] : answer.items,
        page,
        more: page * answer.pageSize < answer.total,
      }));
    } catch {
      setError('The library could not be read. Please try again.');
    }
  }

  function close() {
    dialog.current?.close();
  }

  const count = Object.keys(ticked).length;
  return (
    // A change inside the dialog is no change of the album form around it.
    <dialog
      ref={dialog}
      className="media-picker"
      aria-labelledby="picker-heading"
      onClose={onClose}
      onChange={(e) => e.stopPropagation()}
      onInput={(e) => e.stopPropagation()}
    >
      <h2 id="picker-heading">{single ? `Choose a ${one} from the library` : `Add ${many} from the library`}</h2>
      <div className="media-picker__search">
        <div className="field">
          <label htmlFor="picker-q">Search the library</label>
          <input
            id="picker-q"
            type="search"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              void search(q, 1);
            }}
          />
        </div>
        <button type="button" className="btn btn--outline" onClick={() => void search(q, 1)}>
          Search
        </button>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <output>{result ? `${result.items.length} ${result.items.length === 1 ? one : many} shown.` : 'Loading…'}</output>
      {result && result.items.length > 0 ? (
        <ul className="media-grid media-grid--picker" aria-label={`${Many} in the library`}>
          {result.items.map((item) => {
            const inAlbum = chosen.includes(item.ref);
            return (
              <li key={item.id}>
                <label className="media-card media-card--pick">
                  <MediaThumb item={item} />
                  <span className="media-card__name">
                    <input
                      type={single ? 'radio' : 'checkbox'}
                      // A one-file field's choices are one group, and belong to no form (a form id that is none).
                      name={single ? `${id}-choice` : undefined}
                      form={single ? `${id}-no-form` : undefined}
                      disabled={inAlbum}
                      checked={inAlbum || item.ref in ticked}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setTicked((current) => {
                          const next = single ? {} : { ...current };
                          if (on) next[item.ref] = item;
                          else delete next[item.ref];
                          return next;
                        });
                      }}
                    />{' '}
                    {item.name}
                  </span>
                  {inAlbum ? <span className="media-badge">{chosenBadge}</span> : null}
                  {item.kind !== 'image' || hasAlt(item) ? null : <span className="media-badge">No alt text</span>}
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
      {result?.more ? (
        <button type="button" className="btn btn--outline" onClick={() => void search(q, result.page + 1)}>
          Show more
        </button>
      ) : null}
      <div className="admin-button-row media-picker__actions">
        <button
          type="button"
          className="btn"
          disabled={count === 0}
          onClick={() => {
            onAdd(Object.values(ticked));
            close();
          }}
        >
          {single ? `Choose this ${one}` : count === 0 ? `Add ${many}` : `Add ${count} ${count === 1 ? one : many}`}
        </button>
        <button type="button" className="btn btn--outline" onClick={close}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
