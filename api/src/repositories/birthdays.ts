import type { Birthday } from '@sthsm/contract';
import { firstNameOf } from '@sthsm/contract/children';
import type { Db } from '../db/index.ts';
import { birthdayNamesOf, consentedAt, registerEntries } from './children.ts';
import { fromJson, liveAt, nowIso, toJson } from './rows.ts';

/**
 * Birthdays falling on `monthDay` ("MM-DD"), by name: published, in their window, and (when linked
 * to a child) with the guardian's consent in effect. The name is the first name only unless the
 * school shows full names (issue 16: the minimum shown); no birth date, only the day. A linked
 * child shows with the register's current name and class.
 */
export async function listBirthdays(db: Db, schoolCode: string, monthDay: string, now = new Date()): Promise<Birthday[]> {
  const [rows, names] = await Promise.all([
    db
      .selectFrom('birthdays')
      .selectAll()
      .where('school_code', '=', schoolCode)
      .where(liveAt(now))
      .where(consentedAt(now, 'birthday', 'birthdays'))
      .where('month_day', '=', monthDay)
      .orderBy('name')
      .orderBy('_id')
      .execute(),
    birthdayNamesOf(db, schoolCode),
  ]);
  const register = await registerEntries(
    db,
    schoolCode,
    rows.map((r) => r.child_id),
  );
  return rows.map((r) => {
    const child = r.child_id ? register.get(r.child_id) : undefined;
    const name = child?.name ?? r.name;
    return {
      _id: r._id,
      name: names === 'full' ? name : firstNameOf(name),
      class: child?.class ?? r.class,
      attachments: fromJson(r.attachments),
    };
  });
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
