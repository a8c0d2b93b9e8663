import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { hiddenPhotoRefs } from '../repositories/media-children.ts';
import { findMediaByRefs, queueVariantJobs } from '../repositories/media.ts';
import { LIBRARY_FORMATS, LIBRARY_WIDTHS, mediaStores, removeVariants, variantFile } from './library.ts';
import { cachedVariantFile, NAMED_VARIANTS } from './variants.ts';
import { mediaJobsAdded } from './variant-worker.ts';

// The copies of a photo that shows a child without photo consent (issue 16 item 2,
// docs/decisions/0057): its made variants are deleted from the store when it becomes hidden (a
// tag, a withdrawal, or — found by the hourly job — an end date), and made again when it may be
// shown once more. The file route refuses a hidden photo in any case; this removes the copies.

/**
 * Deletes the variants of those `refs` that are hidden now, and this server's cached share preview
 * (?variant=og) of each; answers how many photos were purged. Other servers' cached previews stay
 * until their cache is emptied, never served: the file route decides at every request (0113).
 */
export async function purgeHiddenVariants(db: Db, config: Config, refs: readonly string[], now: Date): Promise<number> {
  const hidden = await hiddenPhotoRefs(db, refs, now);
  if (hidden.size === 0) return 0;
  const { media, cache } = mediaStores(config);
  for (const ref of hidden) await removeVariants(media, ref);
  const og = NAMED_VARIANTS.og;
  for (const row of await findMediaByRefs(db, null, [...hidden])) {
    const info = await media.stat(row.path);
    if (info) await cache.remove(cachedVariantFile({ path: row.path, ...info }, og.width, og.format, og.height));
  }
  return hidden.size;
}

/** Queues variants again for those library photos among `refs` that may be shown now and have none. */
export async function restoreVisibleVariants(db: Db, config: Config, refs: readonly string[], now: Date): Promise<number> {
  if (refs.length === 0) return 0;
  const hidden = await hiddenPhotoRefs(db, refs, now);
  const { media } = mediaStores(config);
  const missing: Array<{ ref: string; school: string }> = [];
  for (const row of await findMediaByRefs(db, null, refs)) {
    if (row.item.kind !== 'image' || hidden.has(row.item.ref)) continue;
    const smallest = variantFile(row.item.ref, LIBRARY_WIDTHS[0], LIBRARY_FORMATS[0]);
    if (!(await media.stat(smallest))) missing.push({ ref: row.item.ref, school: row.school });
  }
  if (missing.length === 0) return 0;
  await queueVariantJobs(db, missing, now.toISOString());
  mediaJobsAdded();
  return missing.length;
}

/** How often a server looks for photos whose children's consent has ended since. */
export const SWEEP_EVERY_MS = 60 * 60_000;

/** Every tagged photo hidden now loses its variants (an end date passed with no request to act on). */
export async function sweepHiddenVariants(db: Db, config: Config, now: Date): Promise<number> {
  const rows = await db.selectFrom('media_children').select('media_ref').distinct().execute();
  return purgeHiddenVariants(
    db,
    config,
    rows.map((r) => r.media_ref),
    now,
  );
}

/** Starts the hourly sweep for a server (timer unref'd); answers its stop. */
export function startHiddenVariantSweep(config: Config, db: Db, log: { warn: (obj: object, msg: string) => void }): () => void {
  const every = setInterval(() => {
    sweepHiddenVariants(db, config, new Date()).catch((err: unknown) =>
      log.warn({ err }, 'could not remove the variants of hidden photos'),
    );
  }, SWEEP_EVERY_MS);
  every.unref();
  return () => clearInterval(every);
}
