import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFile } from '../../src/db/index.ts';
import { runRetention } from '../../src/privacy/retention.ts';
import { createSchool } from '../factories.ts';
import { engine, NOW, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, signIn, type Signed } from './staff-helpers.ts';
import { storeSubmission } from './submissions-support.ts';

// An erased submission must not stay readable in the database's files (docs/decisions/0116): on
// SQLite neither in the database file's free space nor in its write-ahead log; on PostgreSQL not
// in the table's or its indexes' files. The files are read as raw bytes right after the erasure
// answers (PostgreSQL: after a CHECKPOINT, so what is in memory is on disk too).

let t: TestApp;
let admin: Signed;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  admin = await signIn(t.app, await createStaff(t.db, { school: 'STHSM', role: 'admin' }));
});
afterAll(() => t.close());

/** The raw bytes the database keeps on disk for alumni submissions (null: this server does not let us read them). */
async function storedBytes(): Promise<Buffer | null> {
  if (engine === 'sqlite') {
    const file = sqliteFile(t.config.databaseUrl);
    const parts = await Promise.all([file, `${file}-wal`].map((f) => readFile(f).catch(() => Buffer.alloc(0))));
    return Buffer.concat(parts);
  }
  const superuser = await sql<{ rolsuper: boolean }>`select rolsuper from pg_roles where rolname = current_user`.execute(t.db);
  if (!superuser.rows[0]?.rolsuper) return null;
  await sql`checkpoint`.execute(t.db);
  const { rows } = await sql<{ bytes: Buffer }>`select pg_read_binary_file(pg_relation_filepath(c.oid)) as bytes from pg_class c
    where c.oid = 'alumni_submissions'::regclass
       or c.oid in (select indexrelid from pg_index where indrelid = 'alumni_submissions'::regclass)
       or c.oid = (select reltoastrelid from pg_class where oid = 'alumni_submissions'::regclass)`.execute(t.db);
  return Buffer.concat(rows.map((r) => r.bytes));
}

const holds = (bytes: Buffer, words: string[]) => words.filter((w) => bytes.includes(w));

/**
 * PostgreSQL: whether a session of this database (another test file's, a backup's) has a snapshot
 * taken before `at`. VACUUM FULL must keep a deleted row such a snapshot may still see.
 */
async function olderSnapshotsOpen(at: Date): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_xmin is not null and xact_start < ${at}`.execute(t.db);
  return (rows[0]?.n ?? 0) > 0;
}

let hour = 0;
/** The erased words are in none of the database's files; on PostgreSQL, at the latest after the next hourly run. */
async function expectGone(...words: string[]) {
  const erasedBy = new Date();
  const bytes = await storedBytes();
  if (bytes === null) return void console.warn('PostgreSQL: not a superuser, the relation files cannot be read; skipped');
  if (engine === 'postgres' && holds(bytes, words).length > 0 && (await olderSnapshotsOpen(erasedBy))) {
    // Another session's snapshot kept the rows through the rewrite: the hourly run rewrites again once it has ended.
    for (let i = 0; i < 60 && (await olderSnapshotsOpen(erasedBy)); i++) await new Promise((r) => setTimeout(r, 500));
    if (await olderSnapshotsOpen(erasedBy))
      return void console.warn('PostgreSQL: another session kept its snapshot for 30 s; inconclusive');
    await runRetention({ db: t.db, backupDir: t.config.backupDir, now: () => new Date(NOW.getTime() + ++hour * 3600_000) });
    return expectGone(...words);
  }
  expect(holds(bytes, words), "still in the database's files").toEqual([]);
}

async function expectKept(word: string) {
  const bytes = await storedBytes();
  if (bytes !== null) expect(bytes.includes(word), `“${word}” should be in the database's files`).toBe(true);
}

describe(`an erasure leaves no copy in the database's files (${engine})`, () => {
  it('erasing chosen submissions overwrites them', async () => {
    const kept = await storeSubmission(t.db, { email: 'kept-9d41c2@keeper.example', name: 'Kept Person' });
    const gone = await storeSubmission(t.db, { email: 'erase-me-7f3a9c@distinct.example', name: 'Zebulon Quartermaine' });
    await expectKept('erase-me-7f3a9c@distinct.example');
    const res = await as(t.app, admin)('POST', '/api/admin/STHSM/submissions/erase', { ids: [gone.id] });
    expect(res.json()).toEqual({ erased: 1 });
    await expectGone('erase-me-7f3a9c@distinct.example', 'Zebulon Quartermaine');
    await expectKept(kept.email);
  });

  it("erasing a person's submissions overwrites them", async () => {
    await storeSubmission(t.db, { email: 'person-b72e10@distinct.example', name: 'Ignatius Featherstonehaugh', phone: '+91 98111 22334' });
    const res = await as(t.app, admin)('POST', '/api/admin/STHSM/person/erase', { email: 'person-b72e10@distinct.example' });
    expect(res.json()).toEqual({ erased: 1 });
    await expectGone('person-b72e10@distinct.example', 'Ignatius Featherstonehaugh', '+91 98111 22334');
  });

  it.runIf(engine === 'postgres')('on PostgreSQL, rows a running backup may still see are rewritten by the next hourly run', async () => {
    if ((await storedBytes()) === null) return;
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]?.s;
    const backup = new Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await backup.connect();
    try {
      const gone = await storeSubmission(t.db, { email: 'snapshot-0e55d1@distinct.example', name: 'Cassius Snapshotter' });
      // As pg_dump does: one snapshot for the whole backup.
      await backup.query('begin isolation level repeatable read read only');
      await backup.query('select count(*) from alumni_submissions');
      expect((await as(t.app, admin)('POST', '/api/admin/STHSM/submissions/erase', { ids: [gone.id] })).json()).toEqual({ erased: 1 });
      expect(holds((await storedBytes()) ?? Buffer.alloc(0), ['snapshot-0e55d1@distinct.example'])).toHaveLength(1);
      await backup.query('commit');
    } finally {
      await backup.end();
    }
    await runRetention({ db: t.db, backupDir: t.config.backupDir, now: () => new Date(NOW.getTime() + ++hour * 3600_000) });
    await expectGone('snapshot-0e55d1@distinct.example', 'Cassius Snapshotter');
  });

  it('the retention job overwrites what it erases', async () => {
    await storeSubmission(t.db, { at: '2020-01-01T00:00:00.000Z', email: 'old-4c19aa@distinct.example', name: 'Perpetua Oldfield' });
    const outcome = await runRetention({ db: t.db, backupDir: t.config.backupDir, now: () => NOW });
    expect(outcome.erased).toEqual([{ school: 'STHSM', count: 1 }]);
    await expectGone('old-4c19aa@distinct.example', 'Perpetua Oldfield');
  });
});
