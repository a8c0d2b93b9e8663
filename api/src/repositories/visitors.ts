import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export async function getVisitorCount(db: Db, schoolCode: string): Promise<number> {
  const row = await db.selectFrom('visitor_counts').select('visitor').where('school_code', '=', schoolCode).executeTakeFirst();
  return row?.visitor ?? 0;
}

/** One atomic statement on both engines: exact under any concurrency. */
export async function incrementVisitorCount(db: Db, schoolCode: string): Promise<number> {
  const row = await db
    .insertInto('visitor_counts')
    .values({ school_code: schoolCode, visitor: 1 })
    .onConflict((oc) => oc.column('school_code').doUpdateSet({ visitor: sql<number>`visitor_counts.visitor + 1` }))
    .returning('visitor')
    .executeTakeFirstOrThrow();
  return Number(row.visitor);
}
