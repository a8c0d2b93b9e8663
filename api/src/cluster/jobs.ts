import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { releaseLease, renewLease, takeLease } from '../repositories/job-leases.ts';

// Jobs that must run on one server at a time (docs/decisions/0083), such as the retention purge
// (the backup has its advisory lock, the variant queue leases each job row). `runExclusive` takes a lease row in the shared
// database, renews it while the job runs and deletes it at the end. A server killed mid-job
// stops renewing: its lease expires and the next server's tick takes the job. Works the same on
// SQLite (one file, usually one process) and PostgreSQL.

/** How long a lease lasts without renewal: a killed holder delays the job by at most this. */
export const DEFAULT_LEASE_MS = 30_000;

/** This process, as a lease holder (the log and the table show which server runs a job). */
export const PROCESS_HOLDER = `${process.pid}-${randomUUID().slice(0, 8)}`;

export interface ExclusiveOptions {
  leaseMs?: number;
  holder?: string;
  now?: () => Date;
}

export type ExclusiveOutcome<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `job` when this process can take `name`'s lease; otherwise answers `{ ran: false }` at
 * once (another server runs it, or ran it within its lease). The job receives a signal that is
 * aborted when the lease is lost (renewal failed or found taken), so a long job can stop between
 * steps. The lease is released whatever the job does.
 */
export async function runExclusive<T>(
  db: Db,
  name: string,
  job: (signal: AbortSignal) => Promise<T>,
  options: ExclusiveOptions = {},
): Promise<ExclusiveOutcome<T>> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const holder = options.holder ?? PROCESS_HOLDER;
  const now = options.now ?? (() => new Date());
  const until = () => new Date(now().getTime() + leaseMs);
  if (!(await takeLease(db, name, holder, now(), until()))) return { ran: false };

  const lost = new AbortController();
  const renewal = setInterval(
    () => {
      renewLease(db, name, holder, until()).then(
        (kept) => {
          if (!kept) lost.abort(new Error(`lease of ${name} lost`));
        },
        (err: unknown) => lost.abort(err),
      );
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  renewal.unref();
  try {
    return { ran: true, value: await job(lost.signal) };
  } finally {
    clearInterval(renewal);
    await releaseLease(db, name, holder).catch(() => {
      // Expires by itself.
    });
  }
}
