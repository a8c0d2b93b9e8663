import type { Db } from '../db/index.ts';
import { fromJson, toJson } from './rows.ts';

/** A journaled erasure: what kind of record, which ids, when. Never the erased data. */
export interface ErasureEntry {
  id: string;
  kind: string;
  ids: string[];
  erasedAt: string;
}

export async function insertErasure(db: Db, entry: ErasureEntry): Promise<void> {
  await db
    .insertInto('erasure_journal')
    .values({ _id: entry.id, kind: entry.kind, ids: toJson(entry.ids), erased_at: entry.erasedAt })
    .onConflict((oc) => oc.column('_id').doNothing())
    .execute();
}

/** The whole journal, oldest first. */
export async function listErasures(db: Db): Promise<ErasureEntry[]> {
  const rows = await db.selectFrom('erasure_journal').selectAll().orderBy('erased_at').orderBy('_id').execute();
  return rows.map((r) => ({ id: r._id, kind: r.kind, ids: fromJson(r.ids), erasedAt: r.erased_at }));
}
