import type { Highlight } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import { fromJson, liveAt, nowIso, toJson } from './rows.ts';
import { indexContent } from '../search/entries.ts';

export async function listHighlights(db: Db, schoolCode: string, now = new Date()): Promise<Highlight[]> {
  const rows = await db
    .selectFrom('highlights')
    .selectAll()
    .where('school_code', '=', schoolCode)
    .where(liveAt(now))
    .orderBy('created_at', 'desc')
    .orderBy('_id')
    .execute();
  return rows.map((r) => ({ _id: r._id, description: r.description, attachments: fromJson(r.attachments) }));
}

export async function insertHighlight(db: Db, schoolCode: string, item: Highlight, createdAt = nowIso()): Promise<void> {
  await db
    .insertInto('highlights')
    .values({
      _id: item._id,
      school_code: schoolCode,
      created_at: createdAt,
      updated_at: createdAt,
      description: item.description,
      attachments: toJson(item.attachments),
    })
    .execute();
  // Seeded and fixture items are searchable as the staff area's are (search/entries.ts).
  await indexContent(db, schoolCode, 'announcements', [item._id]);
}
