import type { Topper, TopperClass } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import { consentedAt, registerEntries } from './children.ts';
import { fromJson, liveAt, nowIso, toJson } from './rows.ts';
import { indexContent } from '../search/entries.ts';

/** Newest session first; within a session, highest percentage first. A linked child needs consent for results. */
export async function listToppers(db: Db, schoolCode: string, now = new Date()): Promise<Topper[]> {
  const rows = await db
    .selectFrom('toppers')
    .selectAll()
    .where('school_code', '=', schoolCode)
    .where(liveAt(now))
    .where(consentedAt(now, 'results', 'toppers'))
    .orderBy('session_year', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  // A linked child shows with the register's current name (the class here is the examination's).
  const register = await registerEntries(
    db,
    schoolCode,
    rows.map((r) => r.child_id),
  );
  const toppers = rows.map((r) => ({
    _id: r._id,
    name: (r.child_id ? register.get(r.child_id)?.name : undefined) ?? r.name,
    class: r.class as TopperClass,
    division: r.division,
    stream: r.stream,
    sessionYear: r.session_year,
    attachments: fromJson(r.attachments),
  }));
  return toppers.toSorted((a, b) => b.sessionYear.localeCompare(a.sessionYear) || percent(b.division) - percent(a.division));
}

function percent(division: string): number {
  const n = Number.parseFloat(division);
  return Number.isFinite(n) ? n : -1;
}

export async function insertTopper(db: Db, schoolCode: string, item: Topper, createdAt = nowIso()): Promise<void> {
  await db
    .insertInto('toppers')
    .values({
      _id: item._id,
      school_code: schoolCode,
      created_at: createdAt,
      updated_at: createdAt,
      name: item.name,
      class: item.class,
      division: item.division,
      stream: item.stream,
      session_year: item.sessionYear,
      attachments: toJson(item.attachments),
    })
    .execute();
  // Seeded and fixture items are searchable as the staff area's are (search/entries.ts).
  await indexContent(db, schoolCode, 'toppers', [item._id]);
}
