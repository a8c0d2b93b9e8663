import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/index.ts';
import { newId } from '../repositories/alumni.ts';
import { deleteAlumniSubmissions } from '../repositories/alumni.ts';
import { eraseChildren } from '../repositories/children.ts';
import { deleteRightsRequests } from '../repositories/rights-requests.ts';
import { deleteSubscriptionsById } from '../repositories/subscriptions.ts';
import { insertErasure, listErasures, type ErasureEntry } from '../repositories/erasure-journal.ts';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './files.ts';

// The erasure journal (docs/decisions/0053). Erasing personal data records what kind, which ids
// and when — in the database, in the same transaction, and in a copy beside the archives
// (BACKUP_DIR/erasure-journal.jsonl), which outlives a lost database. A restore re-applies
// every journaled erasure its archive does not already hold.

/** Erases the records of one kind; answers how many went. Must be safe to run again. */
export type ErasureHandler = (db: Db, ids: readonly string[]) => Promise<number>;

/**
 * Every kind of erasure the platform performs, by the name the journal stores. A feature that
 * erases personal data adds its kind here, so that restores can repeat it.
 */
export const ERASURE_KINDS: Readonly<Record<string, ErasureHandler>> = {
  alumni_submission: deleteAlumniSubmissions,
  // A person's request (issue 37, docs/decisions/0150): their e-mail subscriptions, and the
  // request rows themselves (unconfirmed ones after their link ends, closed ones 12 months on).
  subscription: deleteSubscriptionsById,
  rights_request: deleteRightsRequests,
  // A child's record in the consent register (docs/decisions/0153): a tombstone of its id remains.
  child: eraseChildren,
};

export const JOURNAL_FILE = 'erasure-journal.jsonl';

export const journalFileIn = (backupDir: string) => path.join(backupDir, JOURNAL_FILE);

const ID = /^[A-Za-z0-9_-]{1,128}$/;

export interface ErasureResult {
  entry: ErasureEntry;
  erased: number;
  /** Why the copy beside the archives could not be written (the erasure itself stands), or null. */
  journalCopyError: string | null;
}

/** Records an erasure inside the caller's transaction (for features that erase by themselves). */
export async function recordErasure(trx: Db, kind: string, ids: readonly string[], at = new Date()): Promise<ErasureEntry> {
  if (!(kind in ERASURE_KINDS)) throw new Error(`Unknown erasure kind "${kind}": add it to ERASURE_KINDS first.`);
  if (ids.length === 0 || !ids.every((id) => ID.test(id))) throw new Error('An erasure needs one or more plain record ids.');
  const entry: ErasureEntry = { id: newId(), kind, ids: [...new Set(ids)], erasedAt: at.toISOString() };
  await insertErasure(trx, entry);
  return entry;
}

/** Appends the entry to the journal's copy beside the archives (after the transaction committed). */
export async function copyErasureToJournalFile(backupDir: string, entry: ErasureEntry): Promise<void> {
  await ensurePrivateDir(backupDir);
  await appendFile(journalFileIn(backupDir), `${JSON.stringify(entry)}\n`, { mode: PRIVATE_FILE_MODE, flush: true });
}

/**
 * Erases records of a known kind and journals it, in one transaction; then copies the entry beside
 * the archives. `alongside` runs in the same transaction with the count (e.g. its audit entry).
 */
export async function eraseRecords(
  deps: { db: Db; backupDir: string; now?: () => Date },
  kind: string,
  ids: readonly string[],
  alongside?: (trx: Db, erased: number) => Promise<void>,
): Promise<ErasureResult> {
  const handler = ERASURE_KINDS[kind];
  if (!handler) throw new Error(`Unknown erasure kind "${kind}".`);
  const { entry, erased } = await deps.db.transaction().execute(async (trx) => {
    const recorded = await recordErasure(trx, kind, ids, deps.now?.());
    const count = await handler(trx, recorded.ids);
    await alongside?.(trx, count);
    return { entry: recorded, erased: count };
  });
  let journalCopyError: string | null = null;
  try {
    await copyErasureToJournalFile(deps.backupDir, entry);
  } catch (err) {
    journalCopyError = err instanceof Error ? err.message : String(err);
  }
  return { entry, erased, journalCopyError };
}

/**
 * Erases records of several kinds in ONE transaction (a person's request: their submissions and
 * subscriptions go together or not at all), one journal entry per kind with ids; then copies the
 * entries beside the archives. `alongside` gets the counts by kind (e.g. for one audit entry).
 */
export async function eraseRecordsTogether(
  deps: { db: Db; backupDir: string; now?: () => Date },
  parts: ReadonlyArray<{ kind: string; ids: readonly string[] }>,
  alongside?: (trx: Db, erased: Record<string, number>) => Promise<void>,
): Promise<{ entries: ErasureEntry[]; erased: Record<string, number>; journalCopyError: string | null }> {
  const work = parts.filter((p) => p.ids.length > 0);
  for (const part of work) if (!ERASURE_KINDS[part.kind]) throw new Error(`Unknown erasure kind "${part.kind}".`);
  const { entries, erased } = await deps.db.transaction().execute(async (trx) => {
    const done: ErasureEntry[] = [];
    const counts: Record<string, number> = Object.fromEntries(parts.map((p) => [p.kind, 0]));
    for (const part of work) {
      const recorded = await recordErasure(trx, part.kind, part.ids, deps.now?.());
      counts[part.kind] = await (ERASURE_KINDS[part.kind] as ErasureHandler)(trx, recorded.ids);
      done.push(recorded);
    }
    await alongside?.(trx, counts);
    return { entries: done, erased: counts };
  });
  let journalCopyError: string | null = null;
  for (const entry of entries) {
    try {
      await copyErasureToJournalFile(deps.backupDir, entry);
    } catch (err) {
      journalCopyError ??= err instanceof Error ? err.message : String(err);
    }
  }
  return { entries, erased, journalCopyError };
}

function isEntry(value: unknown): value is ErasureEntry {
  const v = value as Partial<ErasureEntry> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'string' &&
    typeof v.kind === 'string' &&
    typeof v.erasedAt === 'string' &&
    Array.isArray(v.ids) &&
    v.ids.every((id) => typeof id === 'string')
  );
}

/** Reads a journal file; a missing file is an empty journal, a torn last line is skipped. */
export async function readJournalFile(file: string): Promise<ErasureEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const entries: ErasureEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isEntry(value)) entries.push(value);
    } catch {
      // A line cut short by a crash mid-append: its erasure's transaction may not have committed.
    }
  }
  return entries;
}

export interface ReapplyReport {
  reapplied: Array<{ entry: ErasureEntry; erased: number }>;
  /** Journaled erasures of a kind this version cannot repeat: the operator must repeat them. */
  unknown: ErasureEntry[];
}

/** Re-applies every candidate erasure the database's journal does not hold, oldest first, and journals it. */
export async function reapplyErasures(db: Db, candidates: readonly ErasureEntry[]): Promise<ReapplyReport> {
  const known = new Set((await listErasures(db)).map((e) => e.id));
  const pending = new Map<string, ErasureEntry>();
  for (const entry of candidates) if (!known.has(entry.id)) pending.set(entry.id, entry);
  const report: ReapplyReport = { reapplied: [], unknown: [] };
  for (const entry of [...pending.values()].sort((a, b) => a.erasedAt.localeCompare(b.erasedAt))) {
    const handler = ERASURE_KINDS[entry.kind];
    if (!handler) {
      report.unknown.push(entry);
      continue;
    }
    const erased = await db.transaction().execute(async (trx) => {
      const count = await handler(trx, entry.ids);
      await insertErasure(trx, entry);
      return count;
    });
    report.reapplied.push({ entry, erased });
  }
  return report;
}
