import { PHOTO_GALLERY, type Album, type SubGallery } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import type { AlbumsTable } from '../db/schema.ts';
import { fromJson, nowIso, toJson } from './rows.ts';

/** How many albums the home teaser gets. */
export const HOME_ALBUMS = 4;

function toAlbum(r: AlbumsTable): Album {
  return { _id: r._id, title: r.title, description: r.description, category: r.category, date: r.date, attachments: fromJson(r.attachments) };
}

function newestFirst(db: Db, schoolCode: string) {
  return db.selectFrom('albums').selectAll().where('school_code', '=', schoolCode)
    .orderBy('date', (ob) => ob.desc().nullsLast()).orderBy('created_at', 'desc');
}

export async function listAlbums(db: Db, schoolCode: string): Promise<Album[]> {
  return (await newestFirst(db, schoolCode).execute()).map(toAlbum);
}

/** The newest photo albums (category PhotoGallery) for the home page teaser. */
export async function listHomeAlbums(db: Db, schoolCode: string): Promise<Album[]> {
  const rows = await newestFirst(db, schoolCode).where('category', '=', PHOTO_GALLERY).limit(HOME_ALBUMS).execute();
  return rows.map(toAlbum);
}

export async function findAlbum(db: Db, id: string): Promise<SubGallery | undefined> {
  const r = await db.selectFrom('albums').selectAll().where('_id', '=', id).executeTakeFirst();
  return r && { _id: r._id, title: r.title, description: r.description, date: r.date, updatedOn: r.updated_on, attachments: fromJson(r.attachments) };
}

export async function insertAlbum(
  db: Db, schoolCode: string, item: Album & { updatedOn?: string | null }, createdAt = nowIso(),
): Promise<void> {
  await db.insertInto('albums').values({
    _id: item._id, school_code: schoolCode, created_at: createdAt, title: item.title, description: item.description,
    category: item.category, date: item.date ?? null, updated_on: item.updatedOn ?? null, attachments: toJson(item.attachments),
  }).execute();
}
