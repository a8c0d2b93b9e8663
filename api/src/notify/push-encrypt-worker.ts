// Runs in a worker thread (push-encrypt.ts): web push's encryption and VAPID signature are
// synchronous elliptic-curve work, a few milliseconds a message. Ten thousand of them on the
// server's event loop kept every visitor waiting (npm run bench: p99 from 23 ms to 1.7 s while a
// notice was sent); here they use another core, and the server only reads and writes sockets.
import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';
import type { EncryptRequest, EncryptAnswer } from './push-encrypt.ts';

parentPort?.on('message', ({ id, subscription, payload, options }: EncryptRequest) => {
  let answer: EncryptAnswer;
  try {
    const details = webpush.generateRequestDetails(subscription, payload, options);
    // The library's headers hold numbers (TTL, Content-Length) despite their type.
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    const body = details.body ? Buffer.from(details.body) : null;
    answer = { id, ok: true, endpoint: details.endpoint, headers, body };
  } catch {
    // The library's words may quote the keys: not passed on.
    answer = { id, ok: false };
  }
  // A MessagePort, not a window: there is no target origin to name.
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  parentPort?.postMessage(answer);
});
