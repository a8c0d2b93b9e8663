import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { sanitizeRichText } from '@sthsm/contract/rich-text-sanitize';
import { buildDemo } from '@sthsm/content/demo';
import { judgeUpload } from '../../src/media/judge.ts';
import { upsertSchool } from '../../src/repositories/schools.ts';
import { seedData } from '../../src/seed/seed.ts';
import { schoolToday } from '../../src/school-day.ts';
import type { TestApp } from '../helpers.ts';

// Moving in, as tests see it: "the old provider" is a second server of this project seeded with
// the demo school (built from a module graph of its own, decision 0118), listening on a port; the
// target is an empty install.

/**
 * The empty target install: a fresh DATA_DIR and database, migrated, with only the school's row.
 * (When `npm run school -- create` and SEED_DEMO=off exist, this is where to switch to them.)
 */
export async function emptyInstall(code = 'STHSM', env: Record<string, string> = {}): Promise<TestApp> {
  const { startTestApp } = await import('../helpers.ts');
  const t = await startTestApp(env, () => new Date());
  await upsertSchool(t.db, { code, name: 'St. Thomas School (moving in)' });
  return t;
}

/** The old provider: another server of this project with the demo school, on a port of its own. */
export async function demoSource(now: () => Date = () => new Date()): Promise<{ t: TestApp; base: string }> {
  vi.resetModules();
  const { startTestApp } = await import('../helpers.ts');
  const t = await startTestApp({}, now);
  await seedData(
    t.db,
    t.config.mediaRoot,
    await buildDemo({ today: schoolToday(t.config.timeZone, now()), mediaCache: process.env.DEMO_MEDIA_CACHE }),
    t.config.cacheDir,
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { t, base: `http://127.0.0.1:${address.port}/api` };
}

export const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** What the library keeps of these bytes: judged as an upload is (a PDF as it is, a photo processed). */
export async function judgedSha(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sthsm-judge-'));
  try {
    await writeFile(path.join(dir, 'in'), bytes);
    return (await judgeUpload(path.join(dir, 'in'), 100 * 1024 * 1024, path.join(dir, 'out'))).sha256;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const LISTS = [
  'news',
  'highlight',
  'topper',
  'PrincipalMessage',
  'events',
  'events/All',
  'birthdays',
  'notification',
  'gallery',
  'gallery/all',
  'video/all',
  'visitor',
];

async function get(app: FastifyInstance, url: string): Promise<unknown> {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
}

/**
 * The contract's fields of an answer, with the source's file references as the target's, and
 * rich text as every save keeps it (sanitized: `<br>` is written `<br />`).
 */
function comparable(value: unknown, refs: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => comparable(v, refs));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      // Publishing facts of this project (version, last change, the album's photo words) are not the contract's.
      if (['version', 'updatedAt', 'photos'].includes(key)) continue;
      if (key === 'message' && typeof v === 'string') out[key] = sanitizeRichText(v);
      else if (['attachments', 'images', 'image'].includes(key) && Array.isArray(v))
        out[key] = v.map((r: string) => refs.get(r) ?? `unmapped ${r}`);
      else out[key] = comparable(v, refs);
    }
    return out;
  }
  return value;
}

/** Every public answer of SPEC §7's read calls (and each album's page) at the target equals the source's. */
export async function expectSameAnswers(source: TestApp, target: TestApp, code = 'STHSM'): Promise<void> {
  const mapping = await target.db.selectFrom('import_files').select(['source_ref', 'media_ref']).execute();
  const refs = new Map(mapping.map((m) => [m.source_ref, m.media_ref]));
  const own = new Map([...refs.values()].map((r) => [r, r]));
  for (const list of LISTS) {
    const before = comparable(await get(source.app, `/api/${list}/${code}`), refs);
    expect(comparable(await get(target.app, `/api/${list}/${code}`), own), list).toEqual(before);
  }
  for (const album of (await get(source.app, `/api/gallery/all/${code}`)) as Array<{ _id: string }>) {
    const url = `/api/subGallery?id=${encodeURIComponent(album._id)}`;
    expect(comparable(await get(target.app, url), own), url).toEqual(comparable(await get(source.app, url), refs));
  }
}
