import type { Video } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import { fromJson, newestFirst, nowIso, toJson } from './rows.ts';
import { indexContent } from '../search/entries.ts';

export async function listVideos(db: Db, schoolCode: string, now = new Date()): Promise<Video[]> {
  const rows = await newestFirst(db, 'videos', schoolCode, now).execute();
  return rows.map((r) => ({ _id: r._id, title: r.title, date: r.date, videoUrl: r.video_url, attachments: fromJson(r.attachments) }));
}

export async function insertVideo(db: Db, schoolCode: string, item: Video, createdAt = nowIso()): Promise<void> {
  await db
    .insertInto('videos')
    .values({
      _id: item._id,
      school_code: schoolCode,
      created_at: createdAt,
      updated_at: createdAt,
      title: item.title,
      date: item.date ?? null,
      video_url: item.videoUrl,
      attachments: toJson(item.attachments),
    })
    .execute();
  // Seeded and fixture items are searchable as the staff area's are (search/entries.ts).
  await indexContent(db, schoolCode, 'videos', [item._id]);
}
