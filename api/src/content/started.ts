import { CONTENT_TYPES, type ContentType } from '@sthsm/contract';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { CONTENT_REGISTRY } from './registry.ts';

/**
 * The kinds of content a school has started (docs/decisions/0134): it has an item of the kind now,
 * whatever its status, or had one (a saved version of the kind, kept after a delete). The home page
 * hides a section of a kind never started, and shows SPEC §8's placeholder for one started and now empty.
 */
export async function startedContentTypes(db: Db, code: string): Promise<ContentType[]> {
  const versions = await db.selectFrom('content_versions').select('content_type').distinct().where('school_code', '=', code).execute();
  const started = new Set(versions.map((v) => v.content_type));
  for (const type of CONTENT_TYPES) {
    if (started.has(type)) continue;
    const row = await db
      .selectFrom(CONTENT_REGISTRY[type].table)
      .select(sql<number>`1`.as('one'))
      .where(sql<boolean>`school_code = ${code}`)
      .limit(1)
      .executeTakeFirst();
    if (row) started.add(type);
  }
  return CONTENT_TYPES.filter((type) => started.has(type));
}
