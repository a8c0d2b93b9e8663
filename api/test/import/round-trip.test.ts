import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLine, runImport, type ImportReport } from '../../src/import/run.ts';
import type { TestApp } from '../helpers.ts';
import { demoSource, emptyInstall, expectSameAnswers, judgedSha, sha256 } from './import-support.ts';

// Moving in from the old provider (OPERATIONS.md "Moving in"): every public answer of SPEC §7's
// calls at the target equals the source's (file references read through the import's mapping),
// every file's bytes are what an upload of the source's bytes would have kept, and a second run
// changes nothing.

let source: { t: TestApp; base: string };
let target: TestApp;
let dry: ImportReport;
let first: ImportReport;
const run = (dryRun = false) =>
  runImport({ db: target.db, config: target.config, from: source.base, school: 'STHSM', dryRun, allowPrivate: true, actor: null });

beforeAll(async () => {
  source = await demoSource();
  target = await emptyInstall();
  dry = await run(true);
  first = await run();
}, 300_000);
afterAll(async () => {
  await target?.close();
  await source?.t.close();
});

describe('importing the demo school into an empty install', () => {
  it('first shows in a dry run what would come, writing nothing', async () => {
    expect(lastLine(dry)).toBe(`Imported ${first.items.imported} items and ${first.files.imported} files; 0 unchanged, 0 failed.`);
    expect(dry.unlinked).toEqual([]);
    const audit = await target.db.selectFrom('audit_log').select('action').where('action', '=', 'import.finished').execute();
    expect(audit).toHaveLength(1);
  });

  it('reports no problem and imports every item and file', () => {
    expect(first.problems).toEqual([]);
    expect(first.items.imported).toBeGreaterThan(50);
    expect(first.files.imported).toBeGreaterThan(10);
    expect(first.unlinked.some((u) => u.startsWith('topper: '))).toBe(true);
  });

  it('answers every public call as the source does', async () => {
    await expectSameAnswers(source.t, target);
  });

  it('keeps each file as an upload of the source bytes would be', async () => {
    const mapping = await target.db.selectFrom('import_files').select(['source_ref', 'media_ref']).execute();
    expect(mapping.length).toBeGreaterThan(10);
    for (const { source_ref, media_ref } of mapping) {
      const from = await source.t.app.inject({ url: `/api/image/${source_ref}` });
      const to = await target.app.inject({ url: `/api/image/${media_ref}` });
      expect(to.statusCode, source_ref).toBe(200);
      expect(sha256(to.rawPayload), source_ref).toBe(await judgedSha(from.rawPayload));
    }
  });

  it('changes nothing on a second run', async () => {
    const counter = await target.db.selectFrom('school_content_state').select('content_version').executeTakeFirst();
    const second = await run();
    expect(second.problems).toEqual([]);
    expect(lastLine(second)).toBe(`Imported 0 items and 0 files; ${first.items.imported + first.files.imported} unchanged, 0 failed.`);
    const after = await target.db.selectFrom('school_content_state').select('content_version').executeTakeFirst();
    expect(after).toEqual(counter);
  });

  it('brings a change at the source as a new imported version, and keeps what was edited here', async () => {
    const [changed, edited] = (
      await source.t.db.selectFrom('news').select('_id').where('status', '=', 'published').orderBy('_id').limit(2).execute()
    ).map((r) => r._id);
    await source.t.db.updateTable('news').set({ title: 'Changed at the source' }).where('_id', '=', String(changed)).execute();
    await source.t.db.updateTable('news').set({ title: 'Changed there too' }).where('_id', '=', String(edited)).execute();
    await target.db
      .updateTable('news')
      .set({ title: 'Edited here', version: sql<number>`version + 1` })
      .where('_id', '=', String(edited))
      .execute();

    const third = await run();
    expect(third.items.imported).toBe(1);
    expect(third.kept).toEqual(['news “Changed there too”: edited here since it was imported: kept as it is']);
    const rows = await target.db
      .selectFrom('news')
      .select(['_id', 'title', 'version'])
      .where('_id', 'in', [String(changed), String(edited)])
      .execute();
    expect(rows.find((r) => r._id === changed)).toMatchObject({ title: 'Changed at the source', version: 2 });
    expect(rows.find((r) => r._id === edited)).toMatchObject({ title: 'Edited here' });
    const versions = await target.db
      .selectFrom('content_versions')
      .select(['version', 'action'])
      .where('item_id', '=', String(changed))
      .orderBy('version')
      .execute();
    expect(versions).toEqual([
      { version: 1, action: 'imported' },
      { version: 2, action: 'imported' },
    ]);
  });
});
