import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { PublicAlert } from '@sthsm/contract/alerts';
import type { Db } from '../db/index.ts';
import type { EmergencyAlertsTable } from '../db/schema.ts';

// Emergency alerts (issue 34): the banner's rows. Current means started, not past its end time and
// not ended by staff; the condition is in the query, so an alert leaves every page at its end with no
// job having run (the caches' transitions include ends_at: content/state.ts).

export type AlertRow = Selectable<EmergencyAlertsTable>;

export async function currentAlerts(db: Db, code: string, now: Date): Promise<PublicAlert[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('emergency_alerts')
    .select(['id', 'message', 'link', 'ends_at'])
    .where('school_code', '=', code)
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .where('ended_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({ _id: r.id, message: r.message, link: r.link, endsAt: r.ends_at }));
}

/** A school's alerts, newest first (the staff page: current ones and the last ones sent). */
export async function recentAlerts(db: Db, code: string, limit = 20): Promise<AlertRow[]> {
  return db.selectFrom('emergency_alerts').selectAll().where('school_code', '=', code).orderBy('created_at', 'desc').limit(limit).execute();
}

export async function alertById(db: Db, code: string, id: string): Promise<AlertRow | undefined> {
  return db.selectFrom('emergency_alerts').selectAll().where('school_code', '=', code).where('id', '=', id).executeTakeFirst();
}

export async function insertAlert(
  trx: Db,
  o: { code: string; message: string; link: string | null; endsAt: string; actorId: string; groupId?: string; now: Date },
): Promise<AlertRow> {
  const row: AlertRow = {
    id: randomUUID(),
    school_code: o.code,
    message: o.message,
    link: o.link,
    starts_at: o.now.toISOString(),
    ends_at: o.endsAt,
    ended_at: null,
    group_id: o.groupId ?? null,
    created_by: o.actorId,
    created_at: o.now.toISOString(),
  };
  await trx.insertInto('emergency_alerts').values(row).execute();
  return row;
}

/** Ends a current alert now; false when it had ended already. */
export async function endAlert(trx: Db, code: string, id: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const result = await trx
    .updateTable('emergency_alerts')
    .set({ ended_at: at })
    .where('school_code', '=', code)
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .where('ends_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
