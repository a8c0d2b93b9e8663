import type { Db } from '../db/index.ts';
import { nowIso } from './rows.ts';

export interface StoredFile {
  path: string;
  contentType: string;
}

export async function findFile(db: Db, id: string): Promise<StoredFile | undefined> {
  const r = await db.selectFrom('files').select(['path', 'content_type']).where('_id', '=', id).executeTakeFirst();
  return r && { path: r.path, contentType: r.content_type };
}

/** Records (or re-points) a file id → media path. */
export async function upsertFile(db: Db, file: { id: string; path: string; contentType: string }): Promise<void> {
  await db
    .insertInto('files')
    .values({ _id: file.id, path: file.path, content_type: file.contentType, created_at: nowIso() })
    .onConflict((oc) => oc.column('_id').doUpdateSet({ path: file.path, content_type: file.contentType }))
    .execute();
}
