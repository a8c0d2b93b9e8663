import { useRef, useState, type MouseEvent } from 'react';

// A CSV download link that shows its progress (STAFF.md: long work shows progress). Without
// JavaScript it is a plain link and the browser downloads the file. With it, the file is read
// as it streams: rows counted against the total the server announces (X-Total-Count), then
// handed to the browser as the same file.

/** Counts the ends of CSV records in a chunk (quote-aware: a line break inside a cell is not one). */
export function countRecordEnds(chunk: string, state: { quoted: boolean }): number {
  let ends = 0;
  for (const c of chunk) {
    if (c === '"') state.quoted = !state.quoted;
    else if (c === '\n' && !state.quoted) ends++;
  }
  return ends;
}

function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

type Progress =
  | { state: 'idle' }
  | { state: 'running'; done: number; total: number | null }
  | { state: 'done'; total: number }
  | { state: 'failed'; message: string };

export function DownloadWithProgress({ href, label, fileName, unit }: { href: string; label: string; fileName: string; unit: string }) {
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  const running = useRef(false);

  async function start(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || running.current) return;
    if (typeof ReadableStream === 'undefined' || typeof URL.createObjectURL !== 'function') return;
    event.preventDefault();
    running.current = true;
    try {
      const response = await fetch(href, { credentials: 'same-origin' });
      if (!response.ok || !response.body) {
        setProgress({ state: 'failed', message: `The download failed (the server answered ${response.status}). Please try again.` });
        return;
      }
      const total = Number(response.headers.get('x-total-count'));
      const known = Number.isFinite(total) && response.headers.has('x-total-count') ? total : null;
      setProgress({ state: 'running', done: 0, total: known });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const parts: Uint8Array[] = [];
      const quote = { quoted: false };
      let rows = -1; // the header row is not a record
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        rows += countRecordEnds(decoder.decode(value, { stream: true }), quote);
        setProgress({ state: 'running', done: Math.max(0, rows), total: known });
      }
      const blob = new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'text/csv' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileNameOf(response.headers.get('content-disposition'), fileName);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setProgress({ state: 'done', total: Math.max(0, rows) });
    } catch {
      setProgress({ state: 'failed', message: 'The download was interrupted. Please try again.' });
    } finally {
      running.current = false;
    }
  }

  return (
    <div className="admin-download">
      <a className="btn btn--outline" href={href} download onClick={(e) => void start(e)}>
        {label}
      </a>
      <div className="admin-download-status" aria-live="polite">
        {progress.state === 'running' ? (
          <>
            <progress
              aria-label="Export progress"
              max={progress.total ?? undefined}
              value={progress.total === null ? undefined : progress.done}
            />{' '}
            <span>
              {progress.done}
              {progress.total === null ? '' : ` of ${progress.total}`} {unit} exported…
            </span>
          </>
        ) : null}
        {progress.state === 'done' ? (
          <span>
            Export ready: {progress.total} {unit}.
          </span>
        ) : null}
        {progress.state === 'failed' ? <span className="field-error">{progress.message}</span> : null}
      </div>
    </div>
  );
}
