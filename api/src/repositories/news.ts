import type { NewsItem } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import { fromJson, nowIso, toJson } from './rows.ts';

export async function listNews(db: Db, schoolCode: string): Promise<NewsItem[]> {
  const rows = await db
    .selectFrom('news')
    .selectAll()
    .where('school_code', '=', schoolCode)
    .orderBy('date', (ob) => ob.desc().nullsLast())
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    _id: r._id, date: r.date, fromDate: r.from_date, title: r.title, description: r.description,
    attachments: fromJson(r.attachments),
  }));
}

export async function insertNews(db: Db, schoolCode: string, item: NewsItem, createdAt = nowIso()): Promise<void> {
  await db.insertInto('news').values({
    _id: item._id, school_code: schoolCode, created_at: createdAt, date: item.date ?? null,
    from_date: item.fromDate ?? null, title: item.title, description: item.description, attachments: toJson(item.attachments),
  }).execute();
}
