import { useId, useState, type DragEvent } from 'react';
import { MEDIA_ACCEPT, sizeText, type MediaItem } from '../../lib/staff/media';
import { OFFLINE_MESSAGE, uploadFiles, type UploadState } from '../../lib/staff/media-upload';
import { useStarted } from './use-started';

// Choosing or dropping many files and watching them go (STAFF.md: long work shows progress): a
// progress bar per file and one for all, a polite summary for screen readers, and each refused
// file's own message while the others carry on. Needs JavaScript; `fallback` is what the page shows
// until the script has started (a plain one-file form where the page has one).

interface Entry {
  key: string;
  name: string;
  size: number;
  upload: UploadState;
}

let batchCounter = 0;

function fraction(entry: Entry): number {
  const u = entry.upload;
  if (u.state === 'sending' || u.state === 'waiting') return u.total > 0 ? u.sent / u.total : 0;
  return u.state === 'queued' ? 0 : 1;
}

function statusText(u: UploadState): string {
  switch (u.state) {
    case 'queued':
      return 'Waiting to start';
    case 'sending':
      return `${Math.floor((u.total > 0 ? u.sent / u.total : 0) * 100)}% sent`;
    case 'waiting':
      return OFFLINE_MESSAGE;
    case 'processing':
      return 'Checking and saving…';
    case 'done':
      return 'Uploaded';
    case 'failed':
      return 'Not uploaded';
  }
}

function summaryOf(entries: readonly Entry[]): string {
  if (entries.length === 0) return '';
  const done = entries.filter((e) => e.upload.state === 'done').length;
  const failed = entries.filter((e) => e.upload.state === 'failed').length;
  const files = `${entries.length} ${entries.length === 1 ? 'file' : 'files'}`;
  const refused = failed > 0 ? `, ${failed} not uploaded` : '';
  if (done + failed === entries.length) return `Finished ${files}: ${done} uploaded${refused}.`;
  const waiting = entries.some((e) => e.upload.state === 'waiting') ? ' The connection dropped: waiting for it to come back.' : '';
  return `Uploading ${files}: ${done} uploaded${refused}.${waiting}`;
}

export function MediaUploader({
  csrf,
  onUploaded,
  fallback = null,
  heading = 'Upload',
  photosOnly = false,
  multiple = true,
}: {
  csrf: string;
  /** Each file the library accepted, as it arrives. */
  onUploaded?: (item: MediaItem) => void;
  fallback?: React.ReactNode;
  heading?: string;
  /** Photos only (a field that shows a picture): PDFs are not offered. */
  photosOnly?: boolean;
  /** Many files at once (one for a one-file field). */
  multiple?: boolean;
}) {
  const id = useId();
  const started = useStarted();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [dragging, setDragging] = useState(false);

  function start(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    const batch = ++batchCounter;
    const added: Entry[] = files.map((f, i) => ({ key: `${batch}-${i}`, name: f.name, size: f.size, upload: { state: 'queued' } }));
    setEntries((current) => [...current.filter((e) => e.upload.state !== 'done'), ...added]);
    // Files arrive in any order (three travel at once); they are handed on in the order chosen.
    const finished: Array<MediaItem | null | undefined> = [];
    let handedOn = 0;
    void uploadFiles(files, {
      csrf,
      onChange: (index, upload) => {
        const key = `${batch}-${index}`;
        setEntries((current) => current.map((e) => (e.key === key ? { ...e, upload } : e)));
        if (upload.state !== 'done' && upload.state !== 'failed') return;
        finished[index] = upload.state === 'done' ? upload.item : null;
        for (; finished[handedOn] !== undefined; handedOn++) {
          const item = finished[handedOn];
          if (item) onUploaded?.(item);
        }
      },
    });
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    start(event.dataTransfer.files);
  }

  if (!started) return <>{fallback}</>;
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  const sent = entries.reduce((sum, e) => sum + e.size * fraction(e), 0);
  const summary = summaryOf(entries);
  return (
    <section className="media-uploader" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <div
        className={`media-drop${dragging ? ' media-drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p className="field-hint" id={`${id}-hint`}>
          {photosOnly ? 'Photos (JPEG, PNG, WebP, AVIF, HEIC).' : 'Photos (JPEG, PNG, WebP, AVIF, HEIC) and PDFs.'}{' '}
          {multiple ? 'Choose many at once, or drop them here.' : 'Choose one, or drop it here.'} Uploads carry on after a dropped
          connection.
        </p>
        <div className="media-pickers">
          <div className="field">
            <label htmlFor={`${id}-files`}>Choose files</label>
            <input
              id={`${id}-files`}
              type="file"
              multiple={multiple}
              accept={photosOnly ? MEDIA_ACCEPT.replace(',application/pdf', '') : MEDIA_ACCEPT}
              aria-describedby={`${id}-hint`}
              onChange={(e) => {
                start(e.currentTarget.files);
                e.currentTarget.value = '';
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-camera`}>Take a photo</label>
            <input
              id={`${id}-camera`}
              type="file"
              accept="image/*"
              capture="environment"
              onChange={(e) => {
                start(e.currentTarget.files);
                e.currentTarget.value = '';
              }}
            />
          </div>
        </div>
      </div>
      <output className="media-upload-summary">{summary}</output>
      {entries.length > 0 ? (
        <>
          <div className="media-progress">
            <label htmlFor={`${id}-all`}>All files ({sizeText(total)})</label>
            <progress id={`${id}-all`} max={Math.max(1, total)} value={Math.round(sent)} />
          </div>
          <ul className="media-uploads" aria-label="Files being uploaded">
            {entries.map((e) => (
              <li key={e.key} className={`media-upload media-upload--${e.upload.state}`}>
                <label htmlFor={`${id}-${e.key}`} className="media-upload__name">
                  {e.name}
                </label>
                <progress id={`${id}-${e.key}`} max={100} value={Math.round(fraction(e) * 100)} />
                <span className="media-upload__status">{statusText(e.upload)}</span>
                {e.upload.state === 'failed' ? <p className="field-error">{e.upload.message}</p> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
