// Runs in a worker thread (api/src/backup/sqlite-snapshot.ts): node:sqlite is synchronous, and
// a snapshot of a large database must not stall the server's event loop.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/index.ts';
import { appliedMigrations, countAllRows, makeSqliteSelfContained, sqliteProblems } from '../repositories/database-info.ts';
import type { SnapshotRequest, SnapshotResult } from './sqlite-snapshot.ts';

async function snapshot({ source, target }: SnapshotRequest): Promise<SnapshotResult> {
  // VACUUM INTO reads inside one transaction: in WAL mode a consistent snapshot of every
  // committed write, while the server's connection goes on writing (docs/decisions/0051).
  const live = new DatabaseSync(source, { readOnly: true, timeout: 5000 });
  try {
    live.prepare('VACUUM INTO ?').run(target);
  } finally {
    live.close();
  }
  const copy = openDatabase(target);
  try {
    const result = {
      problems: await sqliteProblems(copy),
      tables: await countAllRows(copy, 'sqlite'),
      migrations: await appliedMigrations(copy, 'sqlite'),
    };
    await makeSqliteSelfContained(copy);
    return result;
  } finally {
    await copy.destroy();
  }
}

/** Answers the thread that started this one (a MessagePort: there is no target origin to name). */
function answer(message: unknown): void {
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  parentPort?.postMessage(message);
}

snapshot(workerData as SnapshotRequest).then(
  (result) => answer({ ok: true, result }),
  (err: unknown) => answer({ ok: false, message: err instanceof Error ? err.message : String(err) }),
);
