import { Worker } from 'node:worker_threads';
import type { RequestOptions, PushSubscription } from 'web-push';

// The web push sender's encryption (RFC 8291) and VAPID signature, made by the maintained
// `web-push` package in a worker thread of their own (push-encrypt-worker.ts), so that a send to
// thousands of browsers never holds up the server's requests (ARCHITECTURE.md: a send never blocks a
// request). One worker per sender, started on the first message and ended by close(); it is
// unref'd, so an idle one never keeps the process alive.

export interface EncryptRequest {
  id: number;
  subscription: PushSubscription;
  payload: string;
  options: RequestOptions;
}

export type EncryptAnswer =
  { id: number; ok: true; endpoint: string; headers: Record<string, string>; body: Uint8Array | null } | { id: number; ok: false };

export interface Encrypted {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

export interface PushEncrypter {
  /** The request to send, or undefined when the subscription's keys cannot be encrypted for. */
  encrypt(subscription: PushSubscription, payload: string, options: RequestOptions): Promise<Encrypted | undefined>;
  close(): Promise<void>;
}

export function createPushEncrypter(): PushEncrypter {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { resolve: (value: Encrypted | undefined) => void; reject: (err: Error) => void }>();

  const failAll = (err: Error) => {
    for (const { reject } of waiting.values()) reject(err);
    waiting.clear();
    worker = null;
  };

  const started = (): Worker => {
    if (worker) return worker;
    const w = new Worker(new URL('./push-encrypt-worker.ts', import.meta.url));
    w.unref();
    w.on('message', (answer: EncryptAnswer) => {
      const call = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (waiting.size === 0) w.unref();
      call?.resolve(
        answer.ok ? { endpoint: answer.endpoint, headers: answer.headers, body: answer.body ? Buffer.from(answer.body) : null } : undefined,
      );
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', (code) => failAll(new Error(`the push encryption worker stopped (exit code ${code})`)));
    worker = w;
    return w;
  };

  return {
    encrypt(subscription, payload, options) {
      const w = started();
      const id = next++;
      // Held while it works for someone; let go when idle.
      w.ref();
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        // A worker, not a window: there is no target origin to name.
        // oxlint-disable-next-line unicorn/require-post-message-target-origin
        w.postMessage({ id, subscription, payload, options } satisfies EncryptRequest);
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
