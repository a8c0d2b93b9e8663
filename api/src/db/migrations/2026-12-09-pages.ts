import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.
// An information page is public only once it has been published (docs/decisions/0134): `published_at`
// is when it first was (null: never, and `content` then holds JSON null). Every page stored before
// this was public, so it is published as of its last save.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('school_pages').addColumn('published_at', 'text').execute();
  await sql`update school_pages set published_at = updated_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from school_pages where published_at is null`.execute(db);
  await db.schema.alterTable('school_pages').dropColumn('published_at').execute();
}
