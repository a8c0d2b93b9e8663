import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runImport } from '../../src/import/run.ts';
import { engine, type TestApp } from '../helpers.ts';
import { demoSource, emptyInstall, expectSameAnswers } from './import-support.ts';

// An import killed half-way (SIGKILL: no clean-up runs) and then run again ends exactly as one
// that was never interrupted: every item once, every public answer the source's.

const CHILD = fileURLToPath(new URL('./import-child.ts', import.meta.url));
let source: { t: TestApp; base: string };
let target: TestApp;

beforeAll(async () => {
  source = await demoSource();
  target = await emptyInstall();
}, 120_000);
afterAll(async () => {
  await target?.close();
  await source?.t.close();
});

const importedItems = async () =>
  Number(
    (
      await target.db
        .selectFrom('import_items')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('an import killed half-way', () => {
  it('finishes on the next run with nothing twice', async () => {
    const schema =
      engine === 'postgres' ? String((await sql<{ s: string }>`select current_schema() as s`.execute(target.db)).rows[0]?.s) : '-';
    const databaseUrl = engine === 'postgres' ? String(process.env.TEST_DATABASE_URL) : `${target.config.dataDir}/test.db`;
    const child = spawn(process.execPath, [CHILD, databaseUrl, schema, target.config.dataDir, source.base, 'STHSM'], { stdio: 'ignore' });
    const ended = new Promise((resolve) => child.on('exit', resolve));
    // Killed once some items are in and before all are.
    for (let i = 0; i < 600 && (await importedItems()) < 25; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGKILL');
    await ended;
    const half = await importedItems();
    expect(half).toBeGreaterThanOrEqual(25);

    const rest = await runImport({
      db: target.db,
      config: target.config,
      from: source.base,
      school: 'STHSM',
      dryRun: false,
      allowPrivate: true,
      actor: null,
    });
    expect(rest.problems).toEqual([]);
    expect(rest.items.imported).toBeGreaterThan(0);
    expect(rest.items.unchanged).toBeGreaterThanOrEqual(half);
    await expectSameAnswers(source.t, target);
    // Nothing twice: each table holds exactly what the source shows.
    for (const [table, list] of [
      ['news', 'news'],
      ['events', 'events/All'],
      ['albums', 'gallery/all'],
      ['toppers', 'topper'],
    ] as const) {
      const local = await target.db.selectFrom(table).select('_id').execute();
      const shown = (await source.t.app.inject({ url: `/api/${list}/STHSM` })).json() as unknown[];
      expect(local.length, table).toBe(shown.length);
    }
  }, 300_000);
});
