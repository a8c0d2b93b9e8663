import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalLogStream } from '../src/terminal-log.ts';
import { createSchool } from './factories.ts';
import { engine, startTestApp, type TestApp } from './helpers.ts';

// `npm start` in a terminal: readable lines, one per request, instead of pino's JSON (server.ts
// chooses this stream when stdout is a TTY). The server's own log lines, formatted as the terminal
// would show them; no database engine matters, so SQLite only.

const printed: string[] = [];
let t: TestApp;

beforeAll(async () => {
  if (engine !== 'sqlite') return;
  t = await startTestApp({ LOG_LEVEL: 'info' }, undefined, {
    logStream: terminalLogStream({ write: (text) => printed.push(text) }, false),
  });
  await createSchool(t.db);
});
afterAll(() => t?.close());

describe.skipIf(engine !== 'sqlite')('log lines in a terminal', () => {
  it('prints one line per request: time, level, method, path, status and time taken', async () => {
    printed.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/news/STHSM' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(printed).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/news\/STHSM 200 \d+(\.\d)? ms\n$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/no-such-thing 404 \d+(\.\d)? ms\n$/),
    ]);
  });

  it('prints other lines with their level, message and fields, never JSON', async () => {
    printed.length = 0;
    t.app.log.warn({ check: 'redis' }, 'readiness: a dependency is failing');
    expect(printed).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\] WARN: readiness: a dependency is failing \{"check":"redis"\}\n$/)]);
  });

  it('keeps staff URLs without their query, as the JSON log does', async () => {
    printed.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/admin/STHSM/submissions?q=parent@example.com' });
    expect(printed.join('')).toMatch(/GET \/api\/admin\/STHSM\/submissions 401/);
    expect(printed.join('')).not.toMatch(/example\.com/);
  });
});
