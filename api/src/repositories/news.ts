import type { NewsItem } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import { fromJson, newestFirst, nowIso, toJson } from './rows.ts';
import { indexContent } from '../search/entries.ts';

export async function listNews(db: Db, schoolCode: string, now = new Date()): Promise<NewsItem[]> {
  const rows = await newestFirst(db, 'news', schoolCode, now).execute();
  return rows.map((r) => ({
    _id: r._id,
    date: r.date,
    fromDate: r.from_date,
    title: r.title,
    description: r.description,
    attachments: fromJson(r.attachments),
    version: Number(r.version),
    updatedAt: r.updated_at,
  }));
}

export async function insertNews(db: Db, schoolCode: string, item: NewsItem, createdAt = nowIso()): Promise<void> {
  await db
    .insertInto('news')
    .values({
      _id: item._id,
      school_code: schoolCode,
      created_at: createdAt,
      updated_at: createdAt,
      date: item.date ?? null,
      from_date: item.fromDate ?? null,
      title: item.title,
      description: item.description,
      attachments: toJson(item.attachments),
    })
    .execute();
  // Seeded and fixture items are searchable as the staff area's are (search/entries.ts).
  await indexContent(db, schoolCode, 'news', [item._id]);
}
