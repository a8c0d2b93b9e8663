import { PHOTO_GALLERY, type Album, type SubGallery } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import type { Selectable } from 'kysely';
import type { AlbumsTable } from '../db/schema.ts';
import { fromJson, liveAt, newestFirst, nowIso, toJson } from './rows.ts';
import { indexContent } from '../search/entries.ts';

/** How many albums the home teaser gets. */
export const HOME_ALBUMS = 4;

function toAlbum(r: Selectable<AlbumsTable>): Album {
  return {
    _id: r._id,
    title: r.title,
    description: r.description,
    category: r.category,
    date: r.date,
    attachments: fromJson(r.attachments),
    version: Number(r.version),
    updatedAt: r.updated_at,
  };
}

export async function listAlbums(db: Db, schoolCode: string, now = new Date()): Promise<Album[]> {
  return (await newestFirst(db, 'albums', schoolCode, now).execute()).map(toAlbum);
}

/** The newest photo albums (category PhotoGallery) for the home page teaser. */
export async function listHomeAlbums(db: Db, schoolCode: string, now = new Date()): Promise<Album[]> {
  const rows = await newestFirst(db, 'albums', schoolCode, now).where('category', '=', PHOTO_GALLERY).limit(HOME_ALBUMS).execute();
  return rows.map(toAlbum);
}

/** One live album by id, with the school it belongs to (`school`: not part of the public answer). */
export async function findAlbum(db: Db, id: string, now = new Date()): Promise<{ school: string; album: SubGallery } | undefined> {
  const r = await db.selectFrom('albums').selectAll().where('_id', '=', id).where(liveAt(now)).executeTakeFirst();
  return (
    r && {
      school: r.school_code,
      album: {
        _id: r._id,
        title: r.title,
        description: r.description,
        date: r.date,
        updatedOn: r.updated_on,
        attachments: fromJson(r.attachments),
        version: Number(r.version),
        updatedAt: r.updated_at,
      },
    }
  );
}

export async function insertAlbum(
  db: Db,
  schoolCode: string,
  item: Album & { updatedOn?: string | null },
  createdAt = nowIso(),
): Promise<void> {
  await db
    .insertInto('albums')
    .values({
      _id: item._id,
      school_code: schoolCode,
      created_at: createdAt,
      updated_at: createdAt,
      title: item.title,
      description: item.description,
      category: item.category,
      date: item.date ?? null,
      updated_on: item.updatedOn ?? null,
      attachments: toJson(item.attachments),
    })
    .execute();
  // Seeded and fixture items are searchable as the staff area's are (search/entries.ts).
  await indexContent(db, schoolCode, 'albums', [item._id]);
}
