// The media process (media/media-process.ts starts it): judging uploads and encoding library
// variants, the CPU-heavy half of the media library, away from the server's event loop and at the
// lowest CPU priority, so pages stay as fast while photos arrive (issue 15; docs/decisions/0044).
// It answers one message per request, in any order; it ends when the server does.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { HttpError } from '../errors.ts';
import type { MediaStore } from '../backup/media-store.ts';
import { judgeUpload } from './judge.ts';
import { makeLibraryVariants, mediaStoreOf } from './library.ts';
import type { MediaRequest, MediaAnswer, StoreSpec } from './media-process.ts';

/**
 * Nice 19, the lowest: where chrt could not start this process as SCHED_IDLE, its priority; under
 * SCHED_IDLE, the priority it has when the server raises it for a starved upload (media-process.ts).
 */
const LOWEST = 19;

/**
 * Lowers every thread of this process, on Linux one by one (a thread's priority is its own, and
 * the V8 and libuv threads exist already); threads started later (libvips) inherit it.
 */
function lowerPriority(): void {
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    // Not Linux: the process as a whole.
  }
  try {
    if (threads.length === 0) os.setPriority(LOWEST);
    for (const tid of threads) os.setPriority(Number(tid), LOWEST);
  } catch {
    // Not allowed here: the work is the same, only less polite.
  }
}

const stores = new Map<string, MediaStore>();
function storeOf(spec: StoreSpec): MediaStore {
  const key = JSON.stringify(spec);
  let store = stores.get(key);
  if (!store) {
    store = mediaStoreOf(spec);
    stores.set(key, store);
  }
  return store;
}

async function answer(request: MediaRequest): Promise<MediaAnswer> {
  try {
    if (request.op === 'judge') {
      return { id: request.id, ok: true, judged: await judgeUpload(request.file, request.maxBytes, request.out) };
    }
    await makeLibraryVariants(storeOf(request.store), request.path, request.ref);
    return { id: request.id, ok: true };
  } catch (err) {
    if (err instanceof HttpError) return { id: request.id, ok: false, status: err.statusCode, message: err.message };
    return { id: request.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

lowerPriority();
process.on('message', (request: MediaRequest) => {
  void answer(request).then((reply) => process.send?.(reply));
});
// The server ended (or closed the channel): so does this process.
process.on('disconnect', () => process.exit(0));
