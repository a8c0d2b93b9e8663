import { useEffect, useRef, useState } from 'react';
import { hasAlt, type MediaItem, type MediaPage } from '../../lib/media';
import { MediaThumb } from './media-thumb';

// A dialog to choose photos from the library (the album editor's "Add from the library"): search,
// tick photos, Add. It reads GET /api/admin/media from the browser (the session cookie; reads need
// no CSRF token). Its controls have no names: it sits inside the album form and adds nothing to it.

const PICKER_TIMEOUT_MS = 10_000;

export function MediaPicker({
  chosen,
  onAdd,
  onClose,
}: {
  /** References already in the album (shown as added). */
  chosen: readonly string[];
  onAdd: (items: MediaItem[]) => void;
  onClose: () => void;
}) {
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
    const query = new URLSearchParams({ type: 'image', page: String(page) });
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
      <h2 id="picker-heading">Add photos from the library</h2>
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
      <output>{result ? `${result.items.length} ${result.items.length === 1 ? 'photo' : 'photos'} shown.` : 'Loading…'}</output>
      {result && result.items.length > 0 ? (
        <ul className="media-grid media-grid--picker" aria-label="Photos in the library">
          {result.items.map((item) => {
            const inAlbum = chosen.includes(item.ref);
            return (
              <li key={item.id}>
                <label className="media-card media-card--pick">
                  <MediaThumb item={item} />
                  <span className="media-card__name">
                    <input
                      type="checkbox"
                      disabled={inAlbum}
                      checked={inAlbum || item.ref in ticked}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setTicked((current) => {
                          const next = { ...current };
                          if (on) next[item.ref] = item;
                          else delete next[item.ref];
                          return next;
                        });
                      }}
                    />{' '}
                    {item.name}
                  </span>
                  {inAlbum ? <span className="media-badge">In the album</span> : null}
                  {hasAlt(item) ? null : <span className="media-badge">No alt text</span>}
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
          {count === 0 ? 'Add photos' : `Add ${count} ${count === 1 ? 'photo' : 'photos'}`}
        </button>
        <button type="button" className="btn btn--outline" onClick={close}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
