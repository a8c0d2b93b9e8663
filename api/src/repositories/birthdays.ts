import type { Birthday } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import { fromJson, liveAt, nowIso, toJson } from './rows.ts';

/** Birthdays falling on `monthDay` ("MM-DD"), by name. */
export async function listBirthdays(db: Db, schoolCode: string, monthDay: string, now = new Date()): Promise<Birthday[]> {
  const rows = await db
    .selectFrom('birthdays')
    .selectAll()
    .where('school_code', '=', schoolCode)
    .where(liveAt(now))
    .where('month_day', '=', monthDay)
    .orderBy('name')
    .orderBy('_id')
    .execute();
  return rows.map((r) => ({ _id: r._id, name: r.name, class: r.class, attachments: fromJson(r.attachments) }));
}

export async function insertBirthday(
  db: Db,
  schoolCode: string,
  item: Birthday & { monthDay: string },
  createdAt = nowIso(),
): Promise<void> {
  await db
    .insertInto('birthdays')
    .values({
      _id: item._id,
      school_code: schoolCode,
      created_at: createdAt,
      updated_at: createdAt,
      name: item.name,
      class: item.class,
      month_day: item.monthDay,
      attachments: toJson(item.attachments),
    })
    .execute();
}
