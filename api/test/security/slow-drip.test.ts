import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { testPort } from './raw-http.ts';

// A client that drips its request headers one byte a second is cut off by the server's
// request time-out (REQUEST_TIMEOUT_MS, 30 s by default; 2 s here so the test runs in seconds).
const REQUEST_TIMEOUT_MS = 2000;
const DRIP_INTERVAL_MS = 1000;
const GIVE_UP_MS = 20_000;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
  await createSchool(t.db);
  port = testPort(4);
  await t.app.listen({ port, host: '127.0.0.1' });
}, 60_000);
afterAll(() => t?.close());

/** Sends `head` one byte per interval; resolves with how long until the server closed the socket. */
function drip(head: string): Promise<{ cutAfterMs: number; bytesSent: number; answer: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port });
    let sent = 0;
    let answer = '';
    const timer = setInterval(() => {
      if (sent < head.length && !socket.destroyed) socket.write(head[sent++] ?? '');
    }, DRIP_INTERVAL_MS);
    const giveUp = setTimeout(() => socket.destroy(), GIVE_UP_MS);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ cutAfterMs: Date.now() - started, bytesSent: sent, answer });
    });
  });
}

describe(`request time-out (${engine})`, () => {
  it('cuts off a client that sends its headers one byte per second', async () => {
    const head = 'GET /api/news/STHSM HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(100) + '\r\n\r\n';
    const result = await drip(head);
    console.log(
      `[slow drip ${engine}] REQUEST_TIMEOUT_MS=${REQUEST_TIMEOUT_MS}: cut off after ${(result.cutAfterMs / 1000).toFixed(1)} s, ${result.bytesSent} of ${head.length} bytes sent, answer: ${JSON.stringify(result.answer.split('\r\n')[0] ?? '')}`,
    );
    expect(result.bytesSent).toBeLessThan(head.length);
    expect(result.cutAfterMs).toBeLessThan(GIVE_UP_MS - 1000);
    expect(result.answer === '' || result.answer.startsWith('HTTP/1.1 408')).toBe(true);
  }, 30_000);
});
