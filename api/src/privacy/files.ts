import { chmod, lstat, opendir } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir } from '../backup/files.ts';

// The data directory holds personal data (the database with alumni submissions, uploads): it and
// everything the server creates in it are readable by the server's user only — folders 0700,
// files 0600 (issue 16). New files get it from the process umask (set first thing at start-up,
// so SQLite's -wal/-shm files, media, variants and backups are covered); files an older version
// left readable to others are narrowed once at start-up.

/** Everything this process creates from now on: no group or other permissions. */
export function usePrivateUmask(): void {
  process.umask(0o077);
}

/** At most this many entries are looked at when narrowing an existing data directory. */
const NARROW_LIMIT = 200_000;

/**
 * Creates the data directory 0700 (narrowing an existing one) and takes the group and other
 * permissions off everything already inside it. Answers warnings (a path that could not be
 * narrowed) instead of failing: a server on a read-only mount still starts.
 */
export async function makeDataDirPrivate(dataDir: string): Promise<string[]> {
  const warnings: string[] = [];
  const warning = await ensurePrivateDir(dataDir);
  if (warning) warnings.push(warning);
  let seen = 0;
  async function walk(dir: string): Promise<void> {
    let entries;
    try {
      entries = await opendir(dir);
    } catch (err) {
      warnings.push(`Could not read ${dir}: ${(err as Error).message}`);
      return;
    }
    for await (const entry of entries) {
      if (++seen > NARROW_LIMIT) return;
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      try {
        const { mode } = await lstat(full);
        // Group and other bits off; the owner's stay (a folder keeps its x, a file its rw).
        if ((mode & 0o077) !== 0) await chmod(full, mode & 0o700);
      } catch (err) {
        warnings.push(`Could not make ${full} private: ${(err as Error).message}`);
      }
      if (entry.isDirectory()) await walk(full);
    }
  }
  await walk(dataDir);
  return warnings;
}
