// Moving in (OPERATIONS.md "Moving in"; docs/decisions/0136): how fast `npm run import` brings a
// school from a local source (the bench's own seeded server) into an empty install. The import
// runs in this process, on a fresh DATA_DIR and SQLite database with only the school's row, as
// the command would; photos are judged in its media process like uploads. Figures: items and
// photos (files) per minute, and a second run's time (everything unchanged).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../api/src/config.ts';
import { migrateToLatest, openDatabase } from '../api/src/db/index.ts';
import { lastLine, runImport } from '../api/src/import/run.ts';
import { upsertSchool } from '../api/src/repositories/schools.ts';
import { tempDirs } from './processes.ts';

export interface ImportFigures {
  items: number;
  files: number;
  seconds: number;
  secondRunSeconds: number;
  line: string;
  secondLine: string;
}

export async function importBench(origin: string, school = 'STHSM'): Promise<ImportFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sthsm-bench-import-'));
  tempDirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db, { engine: 'sqlite' });
    await upsertSchool(db, { code: school, name: 'Moving in' });
    const options = { db, config, from: `${origin}/api`, school, dryRun: false, allowPrivate: true, actor: null } as const;
    console.log(`Importing ${school} from ${origin}/api into an empty install…`);
    const t0 = performance.now();
    const first = await runImport(options);
    const seconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const second = await runImport(options);
    const secondRunSeconds = (performance.now() - t1) / 1000;
    return {
      items: first.items.imported,
      files: first.files.imported,
      seconds,
      secondRunSeconds,
      line: lastLine(first),
      secondLine: lastLine(second),
    };
  } finally {
    await db.destroy();
  }
}

export function importLines(f: ImportFigures): string[] {
  const perMinute = (n: number) => ((n / f.seconds) * 60).toFixed(0);
  return [
    '| Figure | Value |',
    '|---|---|',
    `| Items per minute | ${perMinute(f.items)} (${f.items} items in ${f.seconds.toFixed(1)} s) |`,
    `| Photos and files per minute | ${perMinute(f.files)} (${f.files} files, judged like uploads) |`,
    `| Second run (nothing changed) | ${f.secondRunSeconds.toFixed(1)} s |`,
    `| First run's last line | ${f.line} |`,
    `| Second run's last line | ${f.secondLine} |`,
  ];
}
