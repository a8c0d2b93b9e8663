import type { DetailedError, Upload } from 'tus-js-client';
import { PARALLEL_UPLOADS, type MediaItem } from './media';

// The browser half of an upload (docs/api.md "Staff media API"): each file goes to the tus endpoint
// in chunks with tus-js-client, so a dropped connection resumes where it stopped; then one POST turns
// the finished upload into a library file (the server judges its bytes). At most PARALLEL_UPLOADS
// files travel at once; a refused file is reported and the others go on. Loaded only by staff screens.

export const UPLOADS_ENDPOINT = '/api/admin/media/uploads';
const MEDIA_ENDPOINT = '/api/admin/media';
/** Small enough that a chunk gets through a weak 4G signal between drops, large enough to keep requests few. */
const CHUNK_BYTES = 1024 * 1024;
/** tus-js-client's delays between tries of one request while the browser thinks it is online. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];
const FINISH_TIMEOUT_MS = 60_000;
const FINISH_TRIES = 3;
/** Pause before trying the finishing POST again after a server error (times the attempt). */
const FINISH_RETRY_MS = 1_000;

export type UploadState =
  | { state: 'queued' }
  | { state: 'sending'; sent: number; total: number }
  | { state: 'waiting'; sent: number; total: number }
  | { state: 'processing' }
  | { state: 'done'; item: MediaItem }
  | { state: 'failed'; message: string };

export interface UploadOptions {
  csrf: string;
  /** Called whenever a file's state changes (index in the files given). */
  onChange: (index: number, state: UploadState) => void;
}

export const OFFLINE_MESSAGE = 'The connection dropped. The upload goes on by itself when it is back.';
const FAILED = 'This file could not be uploaded. Please try again.';

/** The API's one-sentence reason from an error answer (`{ error }`, or `{ message }`). */
export function reasonOf(body: string | null | undefined, status: number): string {
  try {
    const parsed = JSON.parse(body ?? '') as { error?: unknown; message?: unknown };
    const text = typeof parsed.error === 'string' ? parsed.error : typeof parsed.message === 'string' ? parsed.message : '';
    if (text) return text;
  } catch {
    // Not JSON (a proxy's page): fall through to the plain sentence.
  }
  if (status === 413) return 'This file is too large to upload.';
  if (status === 401) return 'Your session has ended. Sign in again in another tab, then upload this file again.';
  return status ? `${FAILED} (The server answered ${status}.)` : FAILED;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function untilOnline(): Promise<void> {
  if (online()) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/** Sends one file's bytes; resolves with the upload id, or rejects with the reason to show. */
async function sendBytes(file: File, options: UploadOptions, index: number): Promise<string> {
  const { Upload: TusUpload } = await import('tus-js-client');
  return new Promise<string>((resolve, reject) => {
    let sent = 0;
    let paused = false;
    /** A dropped connection is not the file's fault: wait for it, then resume from the server's offset. */
    const pauseUntilOnline = () => {
      if (paused) return;
      paused = true;
      options.onChange(index, { state: 'waiting', sent, total: file.size });
      void untilOnline().then(() => {
        paused = false;
        options.onChange(index, { state: 'sending', sent, total: file.size });
        upload.start();
      });
    };
    // The browser says the connection went: stop the request under way at once (it could otherwise
    // hang for as long as the network stack keeps it) and say so, instead of waiting for it to fail.
    const onOffline = () => {
      if (paused) return;
      void upload.abort().then(pauseUntilOnline, pauseUntilOnline);
    };
    window.addEventListener('offline', onOffline);
    const settle = () => window.removeEventListener('offline', onOffline);
    const upload: Upload = new TusUpload(file, {
      endpoint: UPLOADS_ENDPOINT,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      headers: { 'x-csrf-token': options.csrf },
      removeFingerprintOnSuccess: true,
      onProgress: (bytes, total) => {
        sent = bytes;
        options.onChange(index, { state: 'sending', sent: bytes, total });
      },
      // Offline: stop trying now and wait for the browser's `online` event below instead of spending the delays.
      onShouldRetry: (err: DetailedError) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        return online() && (status === 0 || status >= 500 || status === 409 || status === 423);
      },
      onError: (err) => {
        const response = (err as DetailedError).originalResponse;
        const status = response?.getStatus() ?? 0;
        if (!online()) {
          pauseUntilOnline();
          return;
        }
        settle();
        reject(new Error(reasonOf(response?.getBody(), status)));
      },
      onSuccess: () => {
        settle();
        resolve(decodeURIComponent((upload.url ?? '').split('/').pop() ?? ''));
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      const same = previous[0];
      if (same) upload.resumeFromPreviousUpload(same);
      // Gone offline meanwhile: pauseUntilOnline starts it when the connection is back.
      if (!paused) upload.start();
    });
  });
}

/** Turns a finished upload into a library file; the same upload posted again answers the same file. */
async function finish(uploadId: string, options: UploadOptions): Promise<MediaItem> {
  for (let attempt = 1; ; attempt++) {
    await untilOnline();
    try {
      const response = await fetch(MEDIA_ENDPOINT, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': options.csrf },
        body: JSON.stringify({ upload: uploadId }),
        signal: AbortSignal.timeout(FINISH_TIMEOUT_MS),
      });
      const body = await response.text();
      if (response.ok) return (JSON.parse(body) as { item: MediaItem }).item;
      if (response.status < 500 || attempt >= FINISH_TRIES) throw new RefusedError(reasonOf(body, response.status));
    } catch (err) {
      if (err instanceof RefusedError || attempt >= FINISH_TRIES) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, FINISH_RETRY_MS * attempt));
  }
}

class RefusedError extends Error {}

/** Uploads `files`, PARALLEL_UPLOADS at a time; resolves when every file is done or refused. */
export async function uploadFiles(files: readonly File[], options: UploadOptions): Promise<void> {
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const index = next++;
      const file = files[index] as File;
      try {
        options.onChange(index, { state: 'sending', sent: 0, total: file.size });
        const uploadId = await sendBytes(file, options, index);
        options.onChange(index, { state: 'processing' });
        options.onChange(index, { state: 'done', item: await finish(uploadId, options) });
      } catch (err) {
        options.onChange(index, { state: 'failed', message: err instanceof Error && err.message ? err.message : FAILED });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length) }, worker));
}
