import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { FieldView } from '../../lib/staff/admin-content';
import type { MediaItem } from '../../lib/staff/media';
import { move } from './album-photos';
import { MediaPicker } from './media-picker';
import { MoveButtons } from './move-buttons';
import { MediaThumb } from './media-thumb';
import { MediaUploader } from './media-uploader';
import { useStarted } from './use-started';

// A file field of an item form (a news item's attachments, a topper's photo, a notice's PDF; issue
// 30 item 2): the chosen files with a thumbnail (a PDF sign and the name for a PDF), chosen from the
// library (the album's picker dialog) or uploaded right here, reordered with Move up / Move down and
// removed; a one-file field holds one, a new choice replaces it. The list travels as the hidden
// field, one reference a line, as the API takes it. Without JavaScript the references are a text
// area as before, with a link to the media library, whose file pages show each file's reference
// (docs/decisions/0125).

interface Props {
  field: Pick<FieldView, 'name' | 'label' | 'hint' | 'single' | 'photosOnly'>;
  /** The references, one a line (as stored, or as typed in a refused save). */
  value: string;
  media: Readonly<Record<string, MediaItem>>;
  csrf: string;
  error?: string | undefined;
  /** Tells the form it holds unsaved changes (a choice is no input event). */
  onEdit: () => void;
}

type Action = 'up' | 'down';

const IMAGE_PATH = /\.(jpe?g|png|webp|avif|gif)$/i;
/** A reference the image endpoint may serve (a path in the media folder or a file id): never an address someone pasted. */
const SERVABLE = /^[A-Za-z0-9][\w.-]*(?:\/[\w.-]+)*$/;

const nameOf = (ref: string, media: Readonly<Record<string, MediaItem>>) => media[ref]?.name ?? ref.split('/').pop() ?? ref;

/** A reference's small picture: the library's, a seeded photo's, or a sign for a PDF or anything else. */
function Thumb({ fileRef, item }: { fileRef: string; item: MediaItem | undefined }) {
  if (item) return <MediaThumb item={item} />;
  if (/\.pdf$/i.test(fileRef)) return <MediaThumb item={{ ref: fileRef, kind: 'pdf' }} />;
  const servable = SERVABLE.test(fileRef) && !fileRef.includes('..');
  if (servable && (IMAGE_PATH.test(fileRef) || /^[0-9a-f]{24}$/.test(fileRef)))
    return <MediaThumb item={{ ref: fileRef, kind: 'image' }} />;
  return (
    <span className="media-thumb media-thumb--pdf" aria-hidden="true">
      File
    </span>
  );
}

export function FileRefs({ field, value, media: served, csrf, error, onEdit }: Props) {
  const { name, label, hint, single = false, photosOnly = false } = field;
  const [files, setFiles] = useState<string[]>(() =>
    value
      .split('\n')
      .map((r) => r.trim())
      .filter(Boolean),
  );
  // The list as last changed: uploads arrive one after another before the page draws again.
  const latest = useRef(files);
  const [media, setMedia] = useState<Record<string, MediaItem>>(() => ({ ...served }));
  const [said, setSaid] = useState('');
  const [picking, setPicking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const started = useStarted();
  const focusNext = useRef<{ ref: string; action: Action } | 'choose' | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const choose = useRef<HTMLButtonElement>(null);
  const hidden = useRef<HTMLInputElement>(null);
  const [one, many] = photosOnly ? ['photo', 'photos'] : ['file', 'files'];
  const id = `field-${name}`;

  // After a move the moved file's same button keeps the focus; after a removal, the neighbour's.
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'choose') choose.current?.focus();
    if (!target || target === 'choose' || !list.current) return;
    const row = list.current.querySelector<HTMLElement>(`[data-ref="${CSS.escape(target.ref)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`button[data-action="${target.action}"]:not(:disabled)`);
    (wanted ?? row?.querySelector<HTMLButtonElement>('button:not(:disabled)'))?.focus();
  });

  // Text kept through an ended session is put back into the form's fields (components/admin/kept-text.ts),
  // this hidden one too: the list follows it, so what is shown is what will be saved. After every
  // render (the fill comes with no event); it sets the list only when the field differs from it.
  // oxlint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    const filled = hidden.current?.value;
    if (filled === undefined || filled === latest.current.join('\n')) return;
    const next = filled.split('\n').filter(Boolean);
    latest.current = next;
    setFiles(next);
  });

  function change(next: string[], announce: string, focus: { ref: string; action: Action } | 'choose' | null = null) {
    latest.current = next;
    setFiles(next);
    setSaid(announce);
    focusNext.current = focus;
    onEdit();
  }

  function add(items: readonly MediaItem[]) {
    if (items.length === 0) return;
    setMedia((current) => ({ ...current, ...Object.fromEntries(items.map((i) => [i.ref, i])) }));
    if (single) {
      const item = items.at(-1)!;
      change([item.ref], `${item.name} chosen for ${label}. Save to keep it.`);
      return;
    }
    const current = latest.current;
    const fresh = items.map((i) => i.ref).filter((r, i, all) => !current.includes(r) && all.indexOf(r) === i);
    if (fresh.length === 0) return;
    const next = [...current, ...fresh];
    change(next, `${fresh.length} ${fresh.length === 1 ? one : many} added to ${label} (${next.length} in all). Save to keep them.`);
  }

  function moveTo(ref: string, to: number, action: Action) {
    const from = latest.current.indexOf(ref);
    if (from < 0 || from === to) return;
    const next = move(latest.current, from, to);
    change(next, `${nameOf(ref, media)} moved to position ${to + 1} of ${next.length}.`, { ref, action });
  }

  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`admin-fieldset file-refs${error ? ' field--invalid' : ''}`} aria-describedby={describedBy}>
      <legend>{label}</legend>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <output className="visually-hidden">{said}</output>
      {files.length === 0 ? <p className="file-refs__none">{single ? `No ${one} chosen.` : `No ${many} chosen.`}</p> : null}
      {files.length > 0 ? (
        <ol className="file-refs__list" ref={list} aria-label={`Chosen for ${label}`}>
          {files.map((ref, index) => {
            const item = media[ref];
            const fileName = nameOf(ref, media);
            return (
              <li key={ref} data-ref={ref} className="file-refs__file">
                <Thumb fileRef={ref} item={item} />
                <div className="file-refs__body">
                  <p className="file-refs__name">
                    {files.length > 1 ? `${index + 1}. ` : ''}
                    {item ? <Link to={`/admin/media/${encodeURIComponent(item.id)}`}>{fileName}</Link> : fileName}
                    {item?.kind === 'pdf' ? ' (PDF)' : ''}
                  </p>
                  {item ? null : <p className="field-hint">Reference: {ref}</p>}
                  {started ? (
                    <div className="admin-button-row">
                      {files.length > 1 ? (
                        <MoveButtons name={fileName} index={index} count={files.length} onMove={(to, action) => moveTo(ref, to, action)} />
                      ) : null}
                      <button
                        type="button"
                        className="btn btn--outline"
                        aria-label={`Remove: ${fileName}`}
                        onClick={() => {
                          const next = latest.current.filter((r) => r !== ref);
                          const neighbour = next[Math.min(index, next.length - 1)];
                          change(
                            next,
                            `${fileName} removed from ${label}. Save to keep the change.`,
                            neighbour ? { ref: neighbour, action: 'up' } : 'choose',
                          );
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
      ) : null}
      {started ? (
        <>
          <input type="hidden" name={name} value={files.join('\n')} ref={hidden} />
          <div className="admin-button-row">
            <button type="button" id={id} ref={choose} className="btn btn--outline" onClick={() => setPicking(true)}>
              {single
                ? files.length
                  ? `Choose another ${one} from the library`
                  : `Choose a ${one} from the library`
                : 'Add from the library'}
            </button>
            <button type="button" className="btn btn--outline" aria-expanded={uploading} onClick={() => setUploading((u) => !u)}>
              {single ? `Upload a ${one}` : `Upload ${many}`}
            </button>
          </div>
          {picking ? (
            <MediaPicker
              chosen={files}
              kind={photosOnly ? 'image' : 'any'}
              single={single}
              chosenBadge="Chosen"
              onAdd={add}
              onClose={() => {
                setPicking(false);
                focusNext.current = 'choose';
              }}
            />
          ) : null}
          {uploading ? (
            <MediaUploader
              csrf={csrf}
              heading={`Upload for ${label}`}
              photosOnly={photosOnly}
              multiple={!single}
              onUploaded={(item) => add([item])}
            />
          ) : null}
        </>
      ) : (
        <div className="field">
          <label htmlFor={id}>{single ? `${label}: its file reference` : `${label}: file references, one per line`}</label>
          <textarea id={id} name={name} rows={single ? 1 : 3} defaultValue={files.join('\n')} aria-describedby={`${id}-nojs`} />
          <p className="field-hint" id={`${id}-nojs`}>
            Each file&rsquo;s page in the{' '}
            <a href="/admin/media" target="_blank" rel="noopener">
              media library (opens in a new tab)
            </a>{' '}
            shows its reference to copy here. Upload new files there first.
          </p>
        </div>
      )}
    </fieldset>
  );
}
