import { alumniForm } from '../backup/support.ts';

// A bounded load of reads (pages, API lists, images) and writes (alumni form posts) against a
// server on loopback, recording when each post was acknowledged.

export interface LoadResult {
  reads: number;
  readFailures: string[];
  /** Acknowledged posts, in order, with the time (performance.now) of the acknowledgement. */
  posts: Array<{ id: string; at: number }>;
  postFailures: string[];
}

export interface Load {
  /** Posts acknowledged so far. */
  acknowledged: () => number;
  stop: () => Promise<LoadResult>;
}

const REQUEST_TIMEOUT_MS = 15_000;

export function startLoad(base: string, o: { readers: number; writers: number; readPaths: string[]; maxRequestsPerClient: number }): Load {
  const state = { stopping: false };
  const result: LoadResult = { reads: 0, readFailures: [], posts: [], postFailures: [] };
  let n = 0;
  const reader = async (r: number) => {
    for (let i = 0; i < o.maxRequestsPerClient && !state.stopping; i++) {
      const url = `${base}${o.readPaths[(r + i) % o.readPaths.length]}`;
      const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch((err: Error) => err);
      if (response instanceof Error || !response.ok)
        result.readFailures.push(`${url}: ${response instanceof Error ? response.message : response.status}`);
      else result.reads++;
      if (!(response instanceof Error)) await response.arrayBuffer().catch(() => undefined);
    }
  };
  const writer = async () => {
    for (let i = 0; i < o.maxRequestsPerClient && !state.stopping; i++) {
      const response = await fetch(`${base}/api/form/STHSM/alumni`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(alumniForm(++n)),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }).catch((err: Error) => err);
      if (response instanceof Error || response.status !== 201) {
        result.postFailures.push(response instanceof Error ? response.message : String(response.status));
        continue;
      }
      const { _id } = (await response.json()) as { _id: string };
      result.posts.push({ id: _id, at: performance.now() });
    }
  };
  const running = Promise.all([
    ...Array.from({ length: o.readers }, (_, r) => reader(r)),
    ...Array.from({ length: o.writers }, () => writer()),
  ]);
  return {
    acknowledged: () => result.posts.length,
    async stop() {
      state.stopping = true;
      await running;
      return result;
    },
  };
}
