import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Db } from '../../src/db/index.ts';
import { uploadCleaners } from '../../src/media/library.ts';
import { createSchool, createSchoolHost } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed, type StaffPerson } from '../staff/staff-helpers.ts';
import { createUpload, finish, pdfBytes, sendChunk } from './media-helpers.ts';

// The school's storage quota (MEDIA_QUOTA_BYTES) holds however uploads arrive: space is reserved in
// the database under a lock of the school (docs/decisions/0114), so parallel uploads — on one
// server or on several sharing the database — never store more than the quota; an unfinished
// upload holds its declared length until it finishes, fails, is abandoned or expires. Before,
// ten parallel finishes with 924 of 1,900 bytes used all succeeded (5,694 bytes stored).

const QUOTA = 1900;
const FULL = /^The school's storage is full \(.+\)\.$/;

let t: TestApp;
let clock = NOW;

beforeAll(async () => {
  t = await startTestApp({ MEDIA_QUOTA_BYTES: String(QUOTA) }, () => clock);
});
afterAll(() => t.close());

interface School {
  code: string;
  person: StaffPerson;
  who: Signed;
  /** This school's host name, and an Origin of it. */
  headers: Record<string, string>;
}

/** A school of its own (its own quota) with a contributor signed in: any role may upload. */
async function school(code: string): Promise<School> {
  const host = `${code.toLowerCase()}.example`;
  await createSchool(t.db, { code, name: `School ${code}` });
  await createSchoolHost(t.db, host, code);
  const person = await createStaff(t.db, { school: code, role: 'contributor' });
  const who = await signIn(t.app, person);
  return { code, person, who, headers: { host, origin: `http://${host}` } };
}

/** A PDF of exactly `size` bytes, different for each `n`. */
function pdfOf(size: number, n: number): Buffer {
  const base = pdfBytes(`${n}:`).length;
  const bytes = pdfBytes(`${n}:${'x'.repeat(size - base)}`);
  expect(bytes.length).toBe(size);
  return bytes;
}

type Outcome = { status: number; error?: string };

const outcome = (res: { statusCode: number; json: () => { error?: string } }): Outcome =>
  res.statusCode >= 400 ? { status: res.statusCode, error: res.json().error } : { status: res.statusCode };

/** A whole tus upload (creation, bytes, finish) on `app`: the first refusal, or the finish's answer. */
async function tusFlow(app: FastifyInstance, s: School, bytes: Buffer, name: string): Promise<Outcome> {
  const { res, id } = await createUpload(app, s.who, bytes.length, name, 'application/pdf', s.headers);
  if (res.statusCode !== 201) return outcome(res);
  const patch = await sendChunk(app, s.who, id, 0, bytes, s.headers);
  if (patch.statusCode !== 204) return outcome(patch);
  return outcome(await finish(app, s.who, id, s.headers));
}

/** The no-JavaScript form upload (multipart): no tus creation before it. */
async function formFlow(app: FastifyInstance, s: School, bytes: Buffer, name: string): Promise<Outcome> {
  const form = new FormData();
  form.set('file', new Blob([bytes], { type: 'application/pdf' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/media',
    headers: {
      ...s.headers,
      cookie: s.who.cookie,
      'x-csrf-token': s.who.csrf,
      'content-type': String(request.headers.get('content-type')),
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return outcome(res);
}

/** Bytes the school's library holds, read from the database. */
async function stored(code: string): Promise<number> {
  const r = await t.db
    .selectFrom('media')
    .select((eb) => eb.fn.sum<string | number | null>('bytes').as('n'))
    .where('school_code', '=', code)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

const usage = async (s: School) =>
  (await as(t.app, s.who)('GET', '/api/admin/media', undefined, s.headers)).json().usage as {
    bytes: number;
    quotaBytes: number;
    reservedBytes: number;
  };

/** 924 bytes stored first, as in the finding. */
async function startAt924(app: FastifyInstance, s: School) {
  expect(await tusFlow(app, s, pdfOf(924, 0), 'first.pdf')).toEqual({ status: 201 });
  expect(await stored(s.code)).toBe(924);
}

/** Ten outcomes: some stored, every other one 413 with the usage in words; the total within the quota. */
async function expectWithinQuota(s: School, outcomes: Outcome[], size: number) {
  const created = outcomes.filter((o) => o.status === 201).length;
  expect(created, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(1);
  for (const o of outcomes.filter((x) => x.status !== 201)) {
    expect(o.status, JSON.stringify(o)).toBe(413);
    expect(o.error).toMatch(FULL);
  }
  expect(await stored(s.code)).toBe(924 + created * size);
  expect(await stored(s.code)).toBeLessThanOrEqual(QUOTA);
  // Nothing is left held once every upload has finished or been refused.
  expect(await usage(s)).toEqual({ bytes: 924 + created * size, quotaBytes: QUOTA, reservedBytes: 0 });
}

describe(`parallel uploads never pass the quota (${engine})`, () => {
  it('ten whole tus uploads at once, with 924 of 1,900 bytes used: stored bytes stay within the quota, the refused get 413', async () => {
    const s = await school('RACE');
    await startAt924(t.app, s);
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => tusFlow(t.app, s, pdfOf(477, i + 1), `race-${i}.pdf`)));
    await expectWithinQuota(s, outcomes, 477);
  });

  it('ten form uploads at once (no tus reservation first): the finishes themselves are serialised', async () => {
    const s = await school('FORMS');
    await startAt924(t.app, s);
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => formFlow(t.app, s, pdfOf(477, i + 20), `form-${i}.pdf`)));
    await expectWithinQuota(s, outcomes, 477);
  });

  it('ten uploads at once spread over two servers sharing the database', async () => {
    const s = await school('TWO');
    const other = await secondServer();
    try {
      await startAt924(t.app, s);
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, i) => tusFlow(i % 2 ? other.app : t.app, s, pdfOf(477, i + 40), `two-${i}.pdf`)),
      );
      await expectWithinQuota(s, outcomes, 477);
    } finally {
      await other.close();
    }
  });
});

describe(`unfinished uploads hold their declared length (${engine})`, () => {
  it('counts an unfinished upload, refuses what no longer fits at creation (413), and frees the space when it is abandoned', async () => {
    const s = await school('HOLD');
    const first = await createUpload(t.app, s.who, 1000, 'big.pdf', 'application/pdf', s.headers);
    expect(first.res.statusCode, first.res.body).toBe(201);
    expect(await usage(s)).toEqual({ bytes: 0, quotaBytes: QUOTA, reservedBytes: 1000 });
    const second = await createUpload(t.app, s.who, 1000, 'another.pdf', 'application/pdf', s.headers);
    expect(second.res.statusCode).toBe(413);
    expect(second.res.json().error).toMatch(FULL);
    expect(second.res.headers.location).toBeUndefined();

    const abandoned = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/media/uploads/${first.id}`,
      headers: { ...s.headers, cookie: s.who.cookie, 'x-csrf-token': s.who.csrf, 'tus-resumable': '1.0.0' },
    });
    expect(abandoned.statusCode, abandoned.body).toBe(204);
    expect((await usage(s)).reservedBytes).toBe(0);
    expect((await createUpload(t.app, s.who, 1000, 'again.pdf', 'application/pdf', s.headers)).res.statusCode).toBe(201);
  });

  it('frees the space of a finished upload (then counted as stored) and of a refused one (not a photo or PDF)', async () => {
    const s = await school('DONE');
    expect(await tusFlow(t.app, s, pdfOf(800, 60), 'done.pdf')).toEqual({ status: 201 });
    expect(await usage(s)).toEqual({ bytes: 800, quotaBytes: QUOTA, reservedBytes: 0 });
    const junk = Buffer.from('<html>not a photo</html>'.padEnd(900, ' '));
    const { res, id } = await createUpload(t.app, s.who, junk.length, 'page.pdf', 'application/pdf', s.headers);
    expect(res.statusCode).toBe(201);
    expect((await usage(s)).reservedBytes).toBe(900);
    expect((await sendChunk(t.app, s.who, id, 0, junk, s.headers)).statusCode).toBe(204);
    const refused = await finish(t.app, s.who, id, s.headers);
    expect(refused.statusCode).toBe(415);
    expect(await usage(s)).toEqual({ bytes: 800, quotaBytes: QUOTA, reservedBytes: 0 });
    // The refused upload is gone with its space: it cannot be finished again.
    expect((await finish(t.app, s.who, id, s.headers)).statusCode).toBe(404);
  });

  it('stops counting an unfinished upload once it has expired (a day), and the clean-up drops its reservation', async () => {
    let s = await school('EXPIRE');
    expect((await createUpload(t.app, s.who, 1500, 'left.pdf', 'application/pdf', s.headers)).res.statusCode).toBe(201);
    expect((await createUpload(t.app, s.who, 1000, 'more.pdf', 'application/pdf', s.headers)).res.statusCode).toBe(413);
    clock = new Date(NOW.getTime() + 25 * 3_600_000);
    try {
      // A day later: signed in again.
      s = { ...s, who: await signIn(t.app, s.person) };
      expect((await usage(s)).reservedBytes).toBe(0);
      await uploadCleaners.get(t.config)?.();
      const left = await sql<{ n: number | string }>`select count(*) as n from media_reservations where school_code = ${s.code}`.execute(
        t.db,
      );
      expect(Number(left.rows[0]?.n)).toBe(0);
      expect((await createUpload(t.app, s.who, 1000, 'more.pdf', 'application/pdf', s.headers)).res.statusCode).toBe(201);
    } finally {
      clock = NOW;
    }
  });
});

/**
 * Another server on the same database: on PostgreSQL its own connection pool (another process
 * would have its own), on SQLite the same database handle (one file, one writer); its own data
 * directory, so its uploads are on its own disk.
 */
async function secondServer(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sthsm-second-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: t.config.databaseUrl,
    LOG_LEVEL: 'silent',
    MEDIA_QUOTA_BYTES: String(QUOTA),
  });
  let db: Db = t.db;
  if (engine === 'postgres') {
    const schema = await sql<{ s: string }>`select current_schema() as s`.execute(t.db);
    db = openDatabase(t.config.databaseUrl, { schema: schema.rows[0]?.s ?? 'public' });
  }
  const app = await buildApp({ config, db, now: () => clock });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (db !== t.db) await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
