import type { SchoolEvent } from '@sthsm/contract';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Selectable } from 'kysely';
import type { EventsTable } from '../db/schema.ts';
import { fromJson, liveAt, newestFirst, nowIso, toJson } from './rows.ts';
import { indexContent } from '../search/entries.ts';

/** How many past events the home page gets when nothing is upcoming. */
export const RECENT_EVENTS_FALLBACK = 6;

function toEvent(r: Selectable<EventsTable>): SchoolEvent {
  return {
    _id: r._id,
    title: r.title,
    description: r.description,
    date: r.date,
    fromDate: r.from_date,
    location: r.location,
    venue: r.venue,
    time: r.time,
    images: fromJson(r.images),
    attachments: fromJson(r.attachments),
    version: Number(r.version),
    updatedAt: r.updated_at,
  };
}

export async function listEvents(db: Db, schoolCode: string, now = new Date()): Promise<SchoolEvent[]> {
  const rows = await newestFirst(db, 'events', schoolCode, now).execute();
  return rows.map(toEvent);
}

/** Events on or after `today` (YYYY-MM-DD), soonest first; if none, the latest few, newest first. */
export async function listHomeEvents(db: Db, schoolCode: string, today: string, now = new Date()): Promise<SchoolEvent[]> {
  const upcoming = await db
    .selectFrom('events')
    .selectAll()
    .where('school_code', '=', schoolCode)
    .where(liveAt(now))
    .where(sql<string>`substr(date, 1, 10)`, '>=', today)
    .orderBy('date', 'asc')
    .orderBy('created_at', 'asc')
    .execute();
  if (upcoming.length > 0) return upcoming.map(toEvent);
  const recent = await db
    .selectFrom('events')
    .selectAll()
    .where('school_code', '=', schoolCode)
    .where(liveAt(now))
    .where('date', 'is not', null)
    .orderBy('date', 'desc')
    .orderBy('created_at', 'desc')
    .limit(RECENT_EVENTS_FALLBACK)
    .execute();
  return recent.map(toEvent);
}

export async function insertEvent(db: Db, schoolCode: string, item: SchoolEvent, createdAt = nowIso()): Promise<void> {
  await db
    .insertInto('events')
    .values({
      _id: item._id,
      school_code: schoolCode,
      created_at: createdAt,
      updated_at: createdAt,
      title: item.title,
      description: item.description,
      date: item.date ?? null,
      from_date: item.fromDate ?? null,
      location: item.location,
      venue: item.venue,
      time: item.time,
      images: toJson(item.images),
      attachments: toJson(item.attachments),
    })
    .execute();
  // Seeded and fixture items are searchable as the staff area's are (search/entries.ts).
  await indexContent(db, schoolCode, 'events', [item._id]);
}
