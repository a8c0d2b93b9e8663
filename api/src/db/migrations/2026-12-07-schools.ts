import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A suspended school (issue 31): its public site and public API answer 503 from this time on,
  // its staff area keeps working. Null: serving. UTC ISO text like every other date.
  await db.schema.alterTable('schools').addColumn('suspended_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('schools').dropColumn('suspended_at').execute();
}
