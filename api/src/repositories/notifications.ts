import type { SchoolNotification } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import { dayOf, fromJson, liveAt, nowIso, toJson } from './rows.ts';
import { indexContent } from '../search/entries.ts';

/** Notifications whose window [activeFrom, activeUntil] contains `today` (YYYY-MM-DD), newest first. */
export async function listActiveNotifications(db: Db, schoolCode: string, today: string, now = new Date()): Promise<SchoolNotification[]> {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('school_code', '=', schoolCode)
    .where(liveAt(now))
    .where('active_from', '<=', today)
    .where('active_until', '>=', today)
    .orderBy('active_from', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    _id: r._id,
    title: r.title,
    description: r.description,
    image: fromJson(r.image),
    attachments: fromJson(r.attachments),
    url: r.url,
  }));
}

export async function insertNotification(
  db: Db,
  schoolCode: string,
  item: SchoolNotification & { activeFrom: string; activeUntil: string },
  createdAt = nowIso(),
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      _id: item._id,
      school_code: schoolCode,
      created_at: createdAt,
      updated_at: createdAt,
      title: item.title,
      description: item.description,
      image: toJson(item.image),
      attachments: toJson(item.attachments),
      url: item.url,
      // Stored as days so the window compares as text on both engines.
      active_from: dayOf(item.activeFrom) ?? '0000-01-01',
      active_until: dayOf(item.activeUntil) ?? '9999-12-31',
    })
    .execute();
  // Seeded and fixture items are searchable as the staff area's are (search/entries.ts).
  await indexContent(db, schoolCode, 'notifications', [item._id]);
}
