import { sql, SqliteAdapter } from 'kysely';
import type { Db } from '../db/index.ts';
import { reindexSchool, schoolsToReindex, SEARCH_INDEX_VERSION } from './entries.ts';

// After the migrations (db/index.ts migrateToLatest): the entries of every school that an older
// index builder made, or that none did (a database from before search, a school created since).
// Servers starting together rebuild each school once: on PostgreSQL the rebuild holds a lock of that
// school's own (the others wait, then find it built); SQLite's writers take turns by themselves.

export async function prepareSearch(db: Db): Promise<void> {
  const postgres = !(db.getExecutor().adapter instanceof SqliteAdapter);
  for (const code of await schoolsToReindex(db)) {
    await db.transaction().execute(async (trx) => {
      if (postgres) await sql`select pg_advisory_xact_lock(hashtext(${`search-index:${code}`}))`.execute(trx);
      const state = await trx.selectFrom('search_state').select('built_version').where('school_code', '=', code).executeTakeFirst();
      if (state && Number(state.built_version) >= SEARCH_INDEX_VERSION) return;
      await reindexSchool(trx, code);
    });
  }
}
