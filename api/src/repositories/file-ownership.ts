import type { Db } from '../db/index.ts';

// Whose file a reference names (docs/decisions/0116): the school of a library file, and the
// stored path of a file id (whose first segment is its school). A save checks every reference it
// accepts against these before anything is written (content/file-refs.ts).

/** The school of each library file among `refs` (absent: not a library reference). */
export async function libraryFileSchools(db: Db, refs: readonly string[]): Promise<Map<string, string>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .selectFrom('media')
    .select(['ref', 'school_code'])
    .where('ref', 'in', [...refs])
    .execute();
  return new Map(rows.map((r) => [r.ref, r.school_code]));
}

/** The stored path of each file id among `refs` (the seed's `{CODE}/uploads/{id}.{ext}`; absent: no such id). */
export async function storedFilePaths(db: Db, refs: readonly string[]): Promise<Map<string, string>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .selectFrom('files')
    .select(['_id', 'path'])
    .where('_id', 'in', [...refs])
    .execute();
  return new Map(rows.map((r) => [r._id, r.path]));
}
