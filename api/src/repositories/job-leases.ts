import type { Db } from '../db/index.ts';

// Job leases (api/src/cluster/jobs.ts): one row per job name; times are ISO instants of the
// servers' clocks (a lease lasts tens of seconds, far beyond their skew).

/** Takes the lease when it is free or expired; true when `holder` now has it until `until`. */
export async function takeLease(db: Db, name: string, holder: string, now: Date, until: Date): Promise<boolean> {
  const row = await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: until.toISOString() })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ holder, expires_at: until.toISOString() }).where('job_leases.expires_at', '<=', now.toISOString()),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Extends `holder`'s lease; false when it has lost it (expired and taken by another). */
export async function renewLease(db: Db, name: string, holder: string, until: Date): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ expires_at: until.toISOString() })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}

/** The lease's holder and end, or null when nobody holds it (tests, the cluster check). */
export async function leaseOf(db: Db, name: string): Promise<{ holder: string; expiresAt: string } | null> {
  const row = await db.selectFrom('job_leases').select(['holder', 'expires_at']).where('name', '=', name).executeTakeFirst();
  return row ? { holder: row.holder, expiresAt: row.expires_at } : null;
}
