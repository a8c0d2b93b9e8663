import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// Erasing a child's record (issue 37, docs/decisions/0153): the row stays as a tombstone of its random
// id alone — name and class overwritten, its consents and e-mailed requests deleted — so that every
// birthday, topper and photo linked to the child stays hidden (no consent is in effect for it).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('children').addColumn('erased_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('children').dropColumn('erased_at').execute();
}
