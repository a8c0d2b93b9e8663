import { randomUUID } from 'node:crypto';
import { readFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaFile, createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { pool, rawGet, testPort } from './raw-http.ts';
import { requestTarget, traversalTails } from './traversal-payloads.ts';

// ≥ 3,000 traversal payloads per image route over a raw socket against a real server:
// 0 escapes (the canary's unique marker is never in a response), 0 5xx. A naive resolver must leak.
const MARKER = `CANARY-${randomUUID()}`;
const MIN_PAYLOADS = 3000;
const CONCURRENCY = 24;
const ROUTES = [
  { name: '/api/image/{fileId}', prefix: '/api/image/', prefixDepth: 0 },
  { name: '/api/image/{code}/public/Images/{file}', prefix: '/api/image/STHSM/public/Images/', prefixDepth: 3 },
  { name: '/api/image/{path}', prefix: '/api/image/docs/sub/', prefixDepth: 2 },
];

let t: TestApp;
let port: number;
let naive: http.Server;
let naivePort: number;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/public/Images/lab-1.txt', Buffer.from('inside'), {
    fileId: '6650f0c2a1b2',
    contentType: 'text/plain',
  });
  await createMediaFile(t.db, t.config.mediaRoot, 'docs/sub/page.txt', Buffer.from('inside'));
  // A file row whose path leads out of the root, a symlink out of it, and canaries around it.
  await createMediaFile(t.db, t.config.mediaRoot, 'STHSM/x.txt', Buffer.from('x'), { fileId: 'escapee000001', contentType: 'text/plain' });
  await t.db.updateTable('files').set({ path: '../canary.txt' }).where('_id', '=', 'escapee000001').execute();
  await writeFile(path.join(t.config.dataDir, 'canary.txt'), MARKER);
  await mkdir(path.join(t.config.dataDir, 'media-evil'), { recursive: true });
  await writeFile(path.join(t.config.dataDir, 'media-evil', 'canary.txt'), MARKER);
  await symlink(path.join(t.config.dataDir, 'canary.txt'), path.join(t.config.mediaRoot, 'STHSM', 'link.txt'));
  port = testPort(0);
  await t.app.listen({ port, host: '127.0.0.1' });

  // The positive control: the resolver everyone writes first.
  const root = t.config.mediaRoot;
  naive = http.createServer(async (req, res) => {
    try {
      const file = path.join(root, decodeURIComponent((req.url ?? '').replace(/^\/api\/image\//, '')));
      res.end(await readFile(file));
    } catch {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  naivePort = testPort(1);
  await new Promise<void>((resolve) => naive.listen(naivePort, '127.0.0.1', resolve));
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => naive?.close(resolve));
  await t?.close();
});

function payloadsFor(route: (typeof ROUTES)[number]): Buffer[] {
  const tails = traversalTails({
    targets: ['canary.txt', 'media-evil/canary.txt'],
    outsideDir: t.config.dataDir,
    prefixDepth: route.prefixDepth,
  });
  const extra =
    route.prefixDepth === 0
      ? ['escapee000001', 'escapee000001?w=64', 'STHSM/link.txt', 'escapee000001/../canary.txt'].map((tail) =>
          requestTarget(route.prefix, tail),
        )
      : [];
  return [...tails.map((tail) => requestTarget(route.prefix, tail)), ...extra];
}

async function attack(targetPort: number, payloads: Buffer[]) {
  const marker = Buffer.from(MARKER);
  let escapes = 0;
  let serverErrors = 0;
  let noAnswer = 0;
  const statuses: Record<number, number> = {};
  await pool(payloads, CONCURRENCY, async (target) => {
    const res = await rawGet(targetPort, target);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.raw.includes(marker)) escapes++;
    if (res.status >= 500) serverErrors++;
    if (res.status === 0) noAnswer++;
  });
  return { tried: payloads.length, escapes, serverErrors, noAnswer, statuses };
}

describe(`path traversal over a raw socket (${engine})`, () => {
  it('serves real files on all three forms (the harness reaches the routes)', async () => {
    for (const target of ['/api/image/6650f0c2a1b2', '/api/image/STHSM/public/Images/lab-1.txt', '/api/image/docs/sub/page.txt']) {
      const res = await rawGet(port, Buffer.from(target));
      expect(res.status, target).toBe(200);
      expect(res.raw.toString()).toMatch(/inside$/);
    }
  });

  for (const route of ROUTES) {
    it(`${route.name}: ≥ ${MIN_PAYLOADS} payloads, 0 escapes, 0 5xx`, async () => {
      const result = await attack(port, payloadsFor(route));
      console.log(
        `[traversal ${engine}] ${route.name}: payloads tried ${result.tried}, escapes ${result.escapes}, 5xx ${result.serverErrors}, closed without answer ${result.noAnswer}, statuses ${JSON.stringify(result.statuses)}`,
      );
      expect(result.tried).toBeGreaterThanOrEqual(MIN_PAYLOADS);
      expect(result.escapes).toBe(0);
      expect(result.serverErrors).toBe(0);
    }, 300_000);
  }

  it('positive control: a naive path.join(root, decodeURIComponent(p)) resolver leaks the canary', async () => {
    // One route's payloads are enough to prove the harness sees an escape.
    const result = await attack(naivePort, payloadsFor(ROUTES[0]!));
    console.log(`[traversal ${engine}] positive control (naive resolver): payloads ${result.tried}, leaks ${result.escapes}`);
    expect(result.escapes).toBeGreaterThan(0);
  }, 300_000);
});
