import { EventEmitter } from 'node:events';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { hiddenPhotoRefs } from '../repositories/media-children.ts';
import { claimMediaJobs, failMediaJob, findMediaByRef, finishMediaJob, type MediaJob } from '../repositories/media.ts';
import { mediaStores, removeVariants } from './library.ts';
import { variantsInMediaProcess } from './media-process.ts';
import { mediaEncodeDuration } from '../metrics/registry.ts';

// Library photos' variants, made once in the background (issue 15 item 3; docs/decisions/0037):
// jobs are rows (media_jobs), so a restart or another server picks up what was left; at most
// `concurrency` photos are encoded at a time on this server, in the media process at the lowest CPU
// priority (media-process.ts), each decoded once and then resized down width by width. Visitors
// never wait: until a variant exists they get the nearest one made, or the original (routes/images.ts).

const jobsAdded = new EventEmitter();

/** Wakes this process's worker at once (after an upload); other servers find the job on their next poll. */
export function mediaJobsAdded(): void {
  jobsAdded.emit('added');
}

/** Each app's worker (tests and the bench wait for `idle()`). */
export const variantWorkers = new WeakMap<object, VariantWorker>();

const LEASE_MS = 10 * 60_000;
const RETRY_MS = 60_000;
const MAX_ATTEMPTS = 3;

export interface VariantWorker {
  /** Resolves when no job is running or due (tests and the bench wait for it). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/** Whether the photo may have copies now: it still exists and no child tagged in it lacks photo consent. */
async function mayHaveCopies(db: Db, ref: string, now: Date): Promise<boolean> {
  const row = await findMediaByRef(db, ref);
  return row?.item.kind === 'image' && (await hiddenPhotoRefs(db, [ref], now)).size === 0;
}

async function makeVariants(db: Db, config: Config, job: MediaJob, now: () => Date): Promise<void> {
  const row = await findMediaByRef(db, job.ref);
  if (!row || row.item.kind !== 'image') return;
  // A photo of a child without photo consent gets no copies; they are made when it may show again.
  if ((await hiddenPhotoRefs(db, [job.ref], now())).size > 0) return;
  // The encoding itself runs in the media process, at the lowest CPU priority (media-process.ts).
  const encoding = mediaEncodeDuration.startTimer();
  try {
    await variantsInMediaProcess(config, row.path, job.ref);
    encoding({ result: 'made' });
  } catch (err) {
    encoding({ result: 'failed' });
    throw err;
  }
  // Hidden (a withdrawal, a tag, an end date) or deleted while they were encoded: the purge that
  // came with it ran before the last of these were written, so they go now (docs/decisions/0113).
  // Serving refuses them in any case; this keeps no copy of a photo that may not be shown.
  if (!(await mayHaveCopies(db, job.ref, now()))) await removeVariants(mediaStores(config).media, job.ref);
}

export function startVariantWorker(
  db: Db,
  config: Config,
  options: { log: Log; concurrency?: number; pollMs?: number; now?: () => Date },
): VariantWorker {
  const concurrency = options.concurrency ?? 2;
  const now = options.now ?? (() => new Date());
  const running = new Set<Promise<void>>();
  let stopped = false;
  let looking: Promise<void> | null = null;
  let again = false;

  const runOne = async (job: MediaJob) => {
    try {
      await makeVariants(db, config, job, now);
      await finishMediaJob(db, job.ref);
    } catch (err) {
      options.log.warn({ err, ref: job.ref }, 'could not make the variants of a library photo');
      const retryAt = job.attempts < MAX_ATTEMPTS ? new Date(now().getTime() + RETRY_MS).toISOString() : null;
      await failMediaJob(db, job.ref, String(err).slice(0, 500), retryAt).catch(() => {});
    }
  };

  const look = async (): Promise<void> => {
    do {
      again = false;
      const free = concurrency - running.size;
      if (stopped || free <= 0) return;
      const at = now();
      const jobs = await claimMediaJobs(db, at.toISOString(), new Date(at.getTime() + LEASE_MS).toISOString(), free);
      for (const job of jobs) {
        const run: Promise<void> = runOne(job).finally(() => {
          running.delete(run);
          wake();
        });
        running.add(run);
      }
    } while (again);
  };

  function wake(): void {
    if (stopped) return;
    if (looking) {
      again = true;
      return;
    }
    looking = look()
      .catch((err: unknown) => options.log.warn({ err }, 'could not read the media jobs'))
      .finally(() => {
        looking = null;
      });
  }

  jobsAdded.on('added', wake);
  const timer = setInterval(wake, options.pollMs ?? 5_000);
  timer.unref();
  wake();

  return {
    async idle() {
      for (;;) {
        if (looking) await looking;
        if (running.size === 0) {
          const at = now();
          // Anything due that this worker has not claimed yet?
          const due = await db
            .selectFrom('media_jobs')
            .select('ref')
            .where('state', '!=', 'failed')
            .where('run_after', '<=', at.toISOString())
            .executeTakeFirst();
          if (!due) return;
          wake();
          if (looking) await looking;
          if (running.size === 0) return;
        }
        await Promise.race(running);
      }
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      jobsAdded.off('added', wake);
      if (looking) await looking;
      await Promise.allSettled(running);
    },
  };
}
