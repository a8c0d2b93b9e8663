import { Worker } from 'node:worker_threads';

export interface SnapshotRequest {
  source: string;
  target: string;
}
export interface SnapshotResult {
  /** integrity_check and foreign_key_check findings on the copy; empty when it is sound. */
  problems: string[];
  tables: Record<string, number>;
  migrations: string[];
}

type WorkerAnswer = { ok: true; result: SnapshotResult } | { ok: false; message: string };

/**
 * Writes a consistent copy of a live SQLite database to `target` (which must not exist) and
 * describes the copy: its checks, rows per table and applied migrations. Runs in a worker thread.
 */
export function snapshotSqlite(source: string, target: string): Promise<SnapshotResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sqlite-snapshot-worker.ts', import.meta.url), {
      workerData: { source, target } satisfies SnapshotRequest,
    });
    let answered = false;
    worker.once('message', (answer: WorkerAnswer) => {
      answered = true;
      if (answer.ok) resolve(answer.result);
      else reject(new Error(`SQLite snapshot failed: ${answer.message}`));
    });
    worker.once('error', (err) => {
      answered = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`SQLite snapshot worker stopped (exit code ${code}) without an answer`));
    });
  });
}
