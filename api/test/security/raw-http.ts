import net from 'node:net';

// A raw HTTP/1.1 client over node:net: sends the request target's bytes exactly as given, which an
// HTTP client (fetch, undici) would normalise or refuse (dot segments, backslashes, NUL, raw UTF-8).

export interface RawResponse {
  /** 0 when the server closed the connection without an answer. */
  status: number;
  raw: Buffer;
}

export function rawRequest(port: number, head: Buffer | string, timeoutMs = 15_000): Promise<RawResponse> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: '127.0.0.1', port });
    const finish = () => {
      const raw = Buffer.concat(chunks);
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(raw.subarray(0, 16).toString('latin1'));
      resolve({ status: match ? Number(match[1]) : 0, raw });
    };
    socket.setTimeout(timeoutMs, () => socket.destroy());
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', finish);
    socket.write(head);
  });
}

/** A GET with Connection: close, no Accept-Encoding (so a marker in the body is never compressed). */
export function rawGet(port: number, target: Buffer): Promise<RawResponse> {
  return rawRequest(
    port,
    Buffer.concat([Buffer.from('GET '), target, Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')]),
  );
}

/** Runs `task` over `items` with at most `concurrency` at a time. */
export async function pool<T, R>(items: readonly T[], concurrency: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** Ports of our own (3300-3399): one block per engine so the two API projects never collide. */
export function testPort(offset: number): number {
  return (process.env.TEST_DB_ENGINE === 'postgres' ? 3350 : 3310) + offset;
}

/**
 * Ports for the request-target, origin and start-up suites (offsets 0-3): 4308-4311 on SQLite,
 * 4312-4315 on PostgreSQL, inside the block this work was given and clear of its browser tests
 * (E2E_PORT 4300 uses 4300-4304 and 4307).
 */
export function siteTestPort(offset: number): number {
  if (offset < 0 || offset > 3) throw new Error(`siteTestPort offset ${offset} is outside 0-3`);
  return (process.env.TEST_DB_ENGINE === 'postgres' ? 4312 : 4308) + offset;
}
