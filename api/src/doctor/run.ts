import { existsSync } from 'node:fs';
import type { Config } from '../config.ts';
import { engineOf, openDatabase, sqliteFile, type Db } from '../db/index.ts';
import {
  checkBackupDisk,
  checkDataDirModes,
  checkDisk,
  checkNode,
  clockVerdict,
  diskSpace,
  systemClockSync,
  type ClockSync,
  type DiskSpace,
} from './machine.ts';
import { bounded, fail, warn, type CheckResult } from './report.ts';
import {
  checkBackups,
  checkDatabase,
  checkMigrations,
  checkRedis,
  checkS3,
  checkSiteUrl,
  checkSmtp,
  checkTrustProxy,
  databaseClockOffset,
  databaseShown,
} from './services.ts';

/** What the checks read besides the configuration; tests replace what a container cannot show. */
export interface Surroundings {
  nodeVersion: string;
  now: () => Date;
  /** The user the doctor runs as (the data directory should be theirs). */
  uid: number | undefined;
  clock: () => Promise<{ sync: ClockSync; source: string }>;
  space: (target: string) => Promise<DiskSpace>;
  /** An open database (tests pass theirs); by default DATABASE_URL's, closed afterwards. */
  db?: Db;
}

export const realSurroundings = (): Surroundings => ({
  nodeVersion: process.version,
  now: () => new Date(),
  uid: process.getuid?.(),
  clock: systemClockSync,
  space: diskSpace,
});

/** Every check, in the order a person would fix things; never throws. */
export async function runDoctor(config: Config, surroundings: Surroundings = realSurroundings()): Promise<CheckResult[]> {
  const engine = engineOf(config.databaseUrl);
  const results: CheckResult[] = [checkNode(surroundings.nodeVersion)];

  // SQLite: the doctor never creates the database file; a missing one is the finding.
  const missingFile = engine === 'sqlite' && !surroundings.db && !existsSync(sqliteFile(config.databaseUrl));
  const db = surroundings.db ?? (missingFile ? null : openDatabase(config.databaseUrl));
  try {
    const database = db
      ? await bounded('database', () => checkDatabase(db, engine, config.databaseUrl))
      : fail(
          'database',
          `no database file at ${databaseShown(config.databaseUrl, engine)}: start the server once (npm start creates and migrates it), or fix DATA_DIR/DATABASE_URL`,
        );
    results.push(database);
    const reachable = db && database.verdict === 'ok' ? db : null;
    const withDatabase = (check: string, run: (db: Db) => Promise<CheckResult>) =>
      reachable
        ? bounded(check, () => run(reachable))
        : Promise.resolve(warn(check, 'not checked: the database does not answer (see above)'));

    results.push(await withDatabase('migrations', (d) => checkMigrations(d, engine)));
    results.push(await withDatabase('site-url', (d) => checkSiteUrl(config, d)));
    results.push(checkTrustProxy(config));
    results.push(await bounded('smtp', () => checkSmtp(config)));
    results.push(await bounded('backup-dir', () => checkBackupDisk(config)));
    results.push(await withDatabase('backups', (d) => checkBackups(d, config, surroundings.now())));
    results.push(await bounded('disk', () => checkDisk(config, surroundings.space)));
    results.push(
      await bounded('clock', async () =>
        clockVerdict(await surroundings.clock(), reachable ? await databaseClockOffset(reachable, engine) : null),
      ),
    );
    results.push(await bounded('redis', () => checkRedis(config)));
    results.push(await bounded('s3', () => checkS3(config)));
    results.push(await bounded('data-dir', () => checkDataDirModes(config, surroundings.uid)));
  } finally {
    if (db && !surroundings.db) await db.destroy().catch(() => {});
  }
  return results;
}
