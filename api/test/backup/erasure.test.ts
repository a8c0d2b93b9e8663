import { appendFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseRecords, journalFileIn } from '../../src/backup/erasures.ts';
import { restoreArchive } from '../../src/backup/restore.ts';
import { backupSourceFrom, runBackup } from '../../src/backup/run.ts';
import { findAlumniSubmission, insertAlumniSubmission } from '../../src/repositories/alumni.ts';
import { listErasures } from '../../src/repositories/erasure-journal.ts';
import { validateAlumniForm } from '@sthsm/contract';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { alumniForm, freshTarget } from './support.ts';

// Erasures done after a backup are journaled (what kind, which ids, when — never the data) in the
// database and beside the archives; a restore re-applies them, or names those it cannot repeat.

let t: TestApp;
let backupDir: string;

async function submit(n: number): Promise<string> {
  const form = validateAlumniForm(alumniForm(n));
  if (!form.ok) throw new Error('invalid form');
  return insertAlumniSubmission(t.db, 'STHSM', 'alumni', form.data);
}

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
  backupDir = await mkdtemp(path.join(tmpdir(), 'sthsm-erasure-'));
});
afterAll(async () => {
  await t.close();
  await rm(backupDir, { recursive: true, force: true });
});

async function backup(): Promise<string> {
  const outcome = await runBackup(backupSourceFrom(t.config, t.db), { dir: backupDir, keep: 10, trigger: 'manual' });
  if (outcome.status !== 'succeeded') throw new Error('backup skipped');
  return outcome.file;
}

describe(`the erasure journal (${engine})`, () => {
  it('journals an erasure without the erased data, in the database and beside the archives', async () => {
    const keep = await submit(1);
    const erase = await submit(2);
    const result = await eraseRecords({ db: t.db, backupDir }, 'alumni_submission', [erase]);
    expect(result).toMatchObject({ erased: 1, journalCopyError: null, entry: { kind: 'alumni_submission', ids: [erase] } });
    expect(await findAlumniSubmission(t.db, erase)).toBeUndefined();
    expect(await findAlumniSubmission(t.db, keep)).toBeDefined();
    expect(await listErasures(t.db)).toContainEqual(result.entry);
    const file = journalFileIn(backupDir);
    const text = await readFile(file, 'utf8');
    expect(text).toContain(erase);
    const personal = alumniForm(2);
    for (const field of ['name', 'email', 'phone', 'address', 'fatherName'] as const) expect(text).not.toContain(personal[field]);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses an unknown kind or no ids, erasing nothing', async () => {
    const id = await submit(3);
    await expect(eraseRecords({ db: t.db, backupDir }, 'everything', [id])).rejects.toThrow(/Unknown erasure kind/);
    await expect(eraseRecords({ db: t.db, backupDir }, 'alumni_submission', [])).rejects.toThrow(/one or more/);
    expect(await findAlumniSubmission(t.db, id)).toBeDefined();
  });

  it('re-applies, on restore, an erasure made after the backup (from the journal beside the archives)', async () => {
    const erasedLater = await submit(10);
    const stays = await submit(11);
    const archive = await backup();
    const { entry } = await eraseRecords({ db: t.db, backupDir }, 'alumni_submission', [erasedLater]);

    // The data disk is lost: restore into a fresh place; only the archive and BACKUP_DIR remain.
    const target = await freshTarget();
    try {
      const report = await restoreArchive(archive, target, { force: false, journalFiles: [journalFileIn(backupDir)] });
      expect(report.erasures.reapplied).toEqual([{ entry, erased: 1 }]);
      expect(report.erasures.unknown).toEqual([]);
      const db = target.open();
      try {
        expect(await findAlumniSubmission(db, erasedLater)).toBeUndefined();
        expect(await findAlumniSubmission(db, stays)).toBeDefined();
        // Journaled in the restored database too, so the next backup and restore know it.
        expect((await listErasures(db)).map((e) => e.id)).toContain(entry.id);
      } finally {
        await db.destroy();
      }
      // Again with --force: erasures the archive already holds (the first test's) are not repeated.
      const again = await restoreArchive(archive, target, { force: true, journalFiles: [journalFileIn(backupDir)] });
      expect(again.erasures.reapplied.map((r) => r.entry.id)).toEqual([entry.id]);
    } finally {
      await target.cleanup();
    }
  });

  it('with --force, re-applies erasures journaled in the database being replaced', async () => {
    const archive = await backup();
    const target = await freshTarget();
    try {
      await restoreArchive(archive, target, { force: false, journalFiles: [] });
      const db = target.open();
      let erased: string;
      try {
        erased = (await db.selectFrom('alumni_submissions').select('_id').orderBy('_id').executeTakeFirstOrThrow())._id;
        // No copy beside the archives this time: only the target's own journal knows.
        await eraseRecords({ db, backupDir: path.join(target.dataDir, 'elsewhere') }, 'alumni_submission', [erased]);
      } finally {
        await db.destroy();
      }
      const report = await restoreArchive(archive, target, { force: true, journalFiles: [] });
      expect(report.erasures.reapplied.map((r) => r.entry.ids)).toEqual([[erased]]);
      const after = target.open();
      try {
        expect(await findAlumniSubmission(after, erased)).toBeUndefined();
      } finally {
        await after.destroy();
      }
    } finally {
      await target.cleanup();
    }
  });

  it('names the erasures it cannot repeat, and skips a line torn by a crash', async () => {
    const archive = await backup();
    const journal = path.join(backupDir, 'other-journal.jsonl');
    const foreign = { id: 'future-1', kind: 'staff_account', ids: ['s1', 's2'], erasedAt: '2026-12-01T10:00:00.000Z' };
    await appendFile(journal, `${JSON.stringify(foreign)}\n{"id":"torn","kind":"alumni_sub`);
    const target = await freshTarget();
    try {
      const report = await restoreArchive(archive, target, { force: false, journalFiles: [journal] });
      expect(report.erasures.unknown).toEqual([foreign]);
      expect(report.erasures.reapplied).toEqual([]);
    } finally {
      await target.cleanup();
    }
  });
});
