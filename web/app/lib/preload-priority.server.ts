import { Transform } from 'node:stream';

// React Router's <Scripts> writes a <link rel="modulepreload"> for every module of the page.
// Chrome fetches those at High priority, ahead of or alongside the page's CSS and its LCP image,
// although a server-rendered page needs no script to paint (on a slow phone connection
// the ~120 KB of React, React Router and route code delayed first paint by about a second).
// This stream marks them fetchpriority="low": still discovered at once and fetched in parallel,
// but after what the first paint needs. Hydration is unaffected: React matches hoisted <link>s
// by rel and href.

const MODULEPRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/gi;
/** Only the document head holds them; after it, bytes pass through untouched. */
const HEAD_END = '</head>';
/** A head larger than this is passed on as is (never expected). */
const MAX_BUFFER = 256 * 1024;

export function lowPriorityModulePreloads(): Transform {
  let pending = '';
  let done = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (done) return callback(null, chunk);
      pending += chunk.toString();
      const end = pending.indexOf(HEAD_END);
      if (end === -1 && pending.length < MAX_BUFFER) return callback();
      done = true;
      const cut = end === -1 ? pending.length : end;
      const out = pending.slice(0, cut).replace(MODULEPRELOAD, '<link rel="modulepreload" fetchpriority="low"') + pending.slice(cut);
      pending = '';
      callback(null, out);
    },
    flush(callback) {
      callback(null, pending ? pending.replace(MODULEPRELOAD, '<link rel="modulepreload" fetchpriority="low"') : undefined);
    },
  });
}
