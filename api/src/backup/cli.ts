// `npm run backup` and `npm run restore -- ARCHIVE [--force] [--journal FILE]` (docs/operations.md "Backups").
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.ts';
import { engineOf, openDatabase, sqliteFile } from '../db/index.ts';
import { listTables } from '../repositories/database-info.ts';
import { journalFileIn } from './erasures.ts';
import { formatBytes } from './files.ts';
import { mediaStores } from '../media/library.ts';
import { restoreArchive, TargetNotEmptyError, type RestoreReport } from './restore.ts';
import { BackupBusyError, backupSourceFrom, runBackup } from './run.ts';
import { ArchiveRejectedError, unpackAndVerify } from './verify.ts';
import type { Manifest } from './manifest.ts';
import { usePrivateUmask } from '../privacy/files.ts';

// The database and files this command creates are the user's only (issue 16).
usePrivateUmask();

const USAGE = `Usage:
  npm run backup                                   write an archive into BACKUP_DIR
  npm run restore -- ARCHIVE [--force] [--journal FILE]
                                                   restore into DATA_DIR / DATABASE_URL (stop the server first)
  npm run restore -- --check ARCHIVE               check an archive's every checksum, restore nothing`;

class UsageError extends Error {}

const rows = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

function describeArchive(m: Manifest): string[] {
  return [
    `  made ${m.createdAt} from ${m.engine}, schema ${m.schemaVersion.latest ?? '(none)'}`,
    `  database: ${plural(Object.keys(m.database.tables).length, 'table')}, ${plural(rows(m.database.tables), 'row')}`,
    `  media: ${plural(m.media.files.length, 'file')} (${formatBytes(m.media.totalBytes)})`,
  ];
}

async function backup(config: Config): Promise<number> {
  const engine = engineOf(config.databaseUrl);
  if (
    engine === 'sqlite' &&
    !(await stat(sqliteFile(config.databaseUrl)).then(
      () => true,
      () => false,
    ))
  ) {
    throw new UsageError(`No database at ${sqliteFile(config.databaseUrl)}: nothing to back up (check DATA_DIR / DATABASE_URL).`);
  }
  const db = openDatabase(config.databaseUrl);
  try {
    const tables = await listTables(db, engine);
    if (tables.length === 0) throw new UsageError('The database has no tables: nothing to back up (check DATABASE_URL).');
    if (!tables.includes('backup_runs')) {
      throw new UsageError(
        'The database predates backups (no backup_runs table): start the server once to migrate it, or back it up with the version that made it.',
      );
    }
    const outcome = await runBackup(backupSourceFrom(config, db), { dir: config.backupDir, keep: config.backupKeep, trigger: 'manual' });
    if (outcome.status === 'skipped') {
      console.log(`No backup written: ${outcome.reason}.`);
      return 0;
    }
    console.log(`Backup written: ${outcome.file} (${formatBytes(outcome.sizeBytes)})`);
    for (const line of describeArchive(outcome.manifest)) console.log(line);
    console.log(
      `  kept the newest ${config.backupKeep} in ${config.backupDir}${outcome.pruned.length ? `; deleted ${outcome.pruned.join(', ')}` : ''}`,
    );
    for (const warning of outcome.warnings) console.warn(`Warning: ${warning}`);
    return 0;
  } finally {
    await db.destroy();
  }
}

function report(archive: string, config: Config, r: RestoreReport): void {
  const where = engineOf(config.databaseUrl) === 'sqlite' ? sqliteFile(config.databaseUrl) : 'PostgreSQL';
  console.log(`Restored ${path.basename(archive)} into ${where}${r.replaced ? ' (replacing what was there)' : ''}:`);
  console.log(`  made ${r.manifest.createdAt} from ${r.manifest.engine}, ${formatBytes(r.archiveSize)}`);
  const counts = Object.entries(r.tables)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ');
  console.log(`  ${plural(Object.keys(r.tables).length, 'table')}, ${plural(rows(r.tables), 'row')}: ${counts}`);
  console.log(
    `  ${plural(r.mediaFiles, 'media file')} (${formatBytes(r.mediaBytes)}) into ${config.mediaRoot}${r.mediaRemoved ? `; removed ${plural(r.mediaRemoved, 'file')} not in the archive` : ''}`,
  );
  console.log(
    r.migrationsRun.length
      ? `  migrations run: ${r.migrationsRun.join(', ')} (the archive was at ${r.manifest.schemaVersion.latest ?? 'no migration'})`
      : `  schema: already current (${r.manifest.schemaVersion.latest ?? 'none'})`,
  );
  console.log(
    r.erasures.reapplied.length
      ? `  erasures re-applied: ${r.erasures.reapplied.map(({ entry, erased }) => `${entry.kind} of ${entry.erasedAt} (${erased} of ${entry.ids.length} records)`).join('; ')}`
      : '  erasures re-applied: none needed',
  );
  for (const entry of r.erasures.unknown) {
    console.warn(
      `WARNING: repeat this erasure by hand (this version cannot): ${entry.kind} of ${entry.erasedAt}, journal id ${entry.id}, record ids ${entry.ids.join(', ')}`,
    );
  }
}

async function restore(config: Config, archive: string, force: boolean, journals: string[]): Promise<number> {
  const result = await restoreArchive(
    path.resolve(archive),
    {
      databaseUrl: config.databaseUrl,
      media: mediaStores(config).media,
      dataDir: config.dataDir,
      cacheDir: config.cacheDir,
    },
    {
      force,
      journalFiles: [journalFileIn(config.backupDir), ...journals.map((j) => path.resolve(j))],
      progress: (line) => console.log(line),
    },
  );
  report(archive, config, result);
  return 0;
}

async function check(archive: string): Promise<number> {
  // mkdtemp makes it 0700: the unpacked archive holds personal data.
  const staging = await mkdtemp(path.join(tmpdir(), 'sthsm-check-'));
  try {
    const { manifest } = await unpackAndVerify(path.resolve(archive), staging);
    console.log(`${path.basename(archive)}: every checksum matches (${manifest.entries.length + 2} files).`);
    for (const line of describeArchive(manifest)) console.log(line);
    return 0;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    strict: true,
    options: {
      force: { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      journal: { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (command === 'backup') {
    if (positionals.length > 0 || values.force || values.check || values.journal.length > 0)
      throw new UsageError('npm run backup takes no arguments (set BACKUP_DIR to write elsewhere).');
    return backup(loadConfig());
  }
  if (command === 'restore') {
    if (positionals.length !== 1) throw new UsageError('Name one archive to restore.');
    const archive = positionals[0]!;
    if (
      !(await stat(archive).then(
        (s) => s.isFile(),
        () => false,
      ))
    )
      throw new UsageError(`No archive file at ${archive}.`);
    for (const journal of values.journal) {
      if (
        !(await stat(journal).then(
          (s) => s.isFile(),
          () => false,
        ))
      )
        throw new UsageError(`No erasure journal at ${journal}.`);
    }
    if (values.check) return check(archive);
    return restore(loadConfig(), archive, values.force, values.journal);
  }
  throw new UsageError(`Unknown command ${command ?? '(none)'}.`);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else if (err instanceof ArchiveRejectedError) {
    console.error(`Refused: ${err.message}`);
    console.error('Nothing was restored.');
    process.exitCode = 1;
  } else if (err instanceof TargetNotEmptyError || err instanceof BackupBusyError) {
    console.error(`Refused: ${err.message}`);
    process.exitCode = 1;
  } else {
    console.error(`Failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
