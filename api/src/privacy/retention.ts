import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { eraseRecords } from '../backup/erasures.ts';
import { newId } from '../repositories/alumni.ts';
import { erasedSince, scrubErased } from '../repositories/erasure-scrub.ts';
import { monthsBefore, retentionMonthsOf, schoolsWithSubmissions, submissionIdsBefore } from '../repositories/submissions.ts';
import { recordAudit } from '../staff/audit.ts';
import { runExclusive } from '../cluster/jobs.ts';
import { purgeTrash } from '../content/trash.ts';
import { CLOSED_REQUEST_MONTHS, requestIdsToErase } from '../repositories/rights-requests.ts';
import { expireAccessLog } from './access-log.ts';

// The retention job (issue 16): alumni submissions older than the school's retention period are
// erased, journaled (a restore never brings them back) and audited by count only. Every server
// runs the schedule; each hour's run is claimed by one (`retention_runs.slot` is unique), and the
// erasure itself is "older than the cut-off", so running it again changes nothing
// (docs/decisions/0111).

/** How often a server looks whether this hour's run is done. */
export const RETENTION_TICK_MS = 10 * 60_000;
const FIRST_TICK_MS = 15_000;

export const RETENTION_ACTION = 'submissions.retention_erased';
/** The audit action of requests about personal data erased by the job (unconfirmed past their link, closed 12 months ago). */
export const REQUESTS_RETENTION_ACTION = 'requests.retention_erased';
/** The retention job's lease name (api/src/cluster/jobs.ts). */
export const RETENTION_JOB = 'retention';

export interface RetentionOutcome {
  slot: string;
  status: 'ran' | 'slot-taken';
  /** Submissions erased in this run, by school (schools with none left out). */
  erased: Array<{ school: string; count: number }>;
}

/** How long after an erasure the hourly runs rewrite the erased rows' table again (a day: longer than a backup). */
const RESCRUB_WINDOW_MS = 24 * 3600_000;

/** The hour an instant falls in, as the run's slot: 2025-08-14T05:00:00.000Z. */
export const slotOf = (at: Date) => `${at.toISOString().slice(0, 13)}:00:00.000Z`;

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errcode?: number };
  return e.code === '23505' || e.errcode === 2067;
}

/** Claims this hour's run; false when another run (this server's or another's) has it. */
async function claim(db: Db, slot: string, at: Date): Promise<string | null> {
  const id = newId();
  try {
    await db.insertInto('retention_runs').values({ _id: id, slot, started_at: at.toISOString(), erased: 0 }).execute();
    return id;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** One run: every school's submissions older than its period erased. Safe to call again and on several servers. */
export async function runRetention(deps: { db: Db; backupDir: string; now: () => Date }): Promise<RetentionOutcome> {
  const at = deps.now();
  const slot = slotOf(at);
  const runId = await claim(deps.db, slot, at);
  if (!runId) return { slot, status: 'slot-taken', erased: [] };
  const erased: RetentionOutcome['erased'] = [];
  for (const school of await schoolsWithSubmissions(deps.db)) {
    const months = await retentionMonthsOf(deps.db, school);
    const cutoff = monthsBefore(at, months).toISOString();
    // In batches, so one run's transaction stays small; a batch erased twice erases nothing.
    for (let round = 0; round < 100; round++) {
      const ids = await submissionIdsBefore(deps.db, school, cutoff, 1000);
      if (ids.length === 0) break;
      const result = await eraseRecords(
        { db: deps.db, backupDir: deps.backupDir, now: () => at },
        'alumni_submission',
        ids,
        async (trx, count) => {
          if (count === 0) return;
          await recordAudit(trx, {
            action: RETENTION_ACTION,
            school,
            target: `${count} ${count === 1 ? 'submission' : 'submissions'}`,
            after: { count, retentionMonths: months, receivedBefore: cutoff },
            at,
          });
        },
      );
      const last = erased.find((e) => e.school === school);
      if (last) last.count += result.erased;
      else if (result.erased > 0) erased.push({ school, count: result.erased });
      if (ids.length < 1000) break;
    }
  }
  // People's requests about their data (docs/decisions/0150): an unconfirmed one when its link
  // ends, a closed one CLOSED_REQUEST_MONTHS after it was closed; journaled like the submissions.
  const requestsErased = await eraseOldRequests(deps, at);
  // Recently deleted content past its 30 days (docs/decisions/0123) goes in the same run.
  await purgeTrash(deps.db, null, at);
  // So do entries of who read personal data, a year old (docs/decisions/0152).
  await expireAccessLog(deps.db, at);
  const total = erased.reduce((n, e) => n + e.count, 0);
  await deps.db.updateTable('retention_runs').set({ erased: total }).where('_id', '=', runId).execute();
  // Once per run, not per batch: erased rows must not stay readable in the database's files
  // (docs/decisions/0116). Also after a recent erasure of any kind: its own rewrite may have had to
  // keep the rows for a transaction then running (a backup), or given up while a reader was busy.
  const recent = new Date(at.getTime() - RESCRUB_WINDOW_MS).toISOString();
  if (total > 0 || (await erasedSince(deps.db, recent))) {
    await scrubErased(deps.db, 'alumni_submissions');
    await scrubErased(deps.db, 'subscriptions');
    await scrubErased(deps.db, 'rights_requests');
  } else if (requestsErased > 0) await scrubErased(deps.db, 'rights_requests');
  return { slot, status: 'ran', erased };
}

/** Erases the requests whose time is up, by school, audited by count; answers how many went. */
async function eraseOldRequests(deps: { db: Db; backupDir: string }, at: Date): Promise<number> {
  const closedBefore = monthsBefore(at, CLOSED_REQUEST_MONTHS).toISOString();
  let total = 0;
  for (let round = 0; round < 100; round++) {
    const rows = await requestIdsToErase(deps.db, at, closedBefore, 1000);
    if (rows.length === 0) break;
    for (const school of new Set(rows.map((r) => r.school_code))) {
      const mine = rows.filter((r) => r.school_code === school);
      const result = await eraseRecords(
        { db: deps.db, backupDir: deps.backupDir, now: () => at },
        'rights_request',
        mine.map((r) => r.id),
        async (trx, count) => {
          if (count === 0) return;
          const unconfirmed = mine.filter((r) => r.status === 'pending').length;
          await recordAudit(trx, {
            action: REQUESTS_RETENTION_ACTION,
            school,
            target: `${count} ${count === 1 ? 'request' : 'requests'}`,
            after: { count, unconfirmed, closed: count - unconfirmed, closedBefore },
            at,
          });
        },
      );
      total += result.erased;
    }
    if (rows.length < 1000) break;
  }
  return total;
}

export interface RetentionLog {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface RetentionScheduler {
  tick: () => Promise<RetentionOutcome | null>;
  stop: () => void;
}

/** Starts the hourly retention job for a server (timers unref'd: they never keep it alive). */
export function startRetentionScheduler(
  config: Pick<Config, 'backupDir'>,
  db: Db,
  log: RetentionLog,
  now = () => new Date(),
): RetentionScheduler {
  let done: string | undefined;
  let running: Promise<RetentionOutcome | null> | undefined;
  function tick(): Promise<RetentionOutcome | null> {
    if (running) return running;
    const slot = slotOf(now());
    if (slot === done) return Promise.resolve(null);
    // One server at a time under the job's lease (docs/decisions/0083); the slot row decides the hour.
    running = runExclusive(db, RETENTION_JOB, () => runRetention({ db, backupDir: config.backupDir, now }))
      .then((exclusive) => {
        // Another server holds the lease: look again at the next tick.
        if (!exclusive.ran) return null;
        const outcome = exclusive.value;
        done = slot;
        const total = outcome.erased.reduce((n, e) => n + e.count, 0);
        // Counts only: never who or what was erased.
        if (total > 0) log.info({ slot, erased: total, schools: outcome.erased.length }, 'retention: old alumni submissions erased');
        return outcome;
      })
      .catch((err: unknown) => {
        // Not marked done: the next tick of this hour tries again only if the slot was not claimed.
        log.error({ slot, error: err instanceof Error ? err.message : String(err) }, 'retention run failed');
        return null;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }
  const first = setTimeout(() => void tick(), FIRST_TICK_MS);
  const every = setInterval(() => void tick(), RETENTION_TICK_MS);
  first.unref();
  every.unref();
  return {
    tick,
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
