import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Which children a library photo shows (issue 16): a photo is public only while every child
  // tagged in it has current guardian consent for "photos on the site" (docs/decisions/0057).
  // Keyed by the photo's ref (what content stores and /api/image serves).
  await db.schema
    .createTable('media_children')
    .addColumn('school_code', 'text', (c) => c.notNull())
    .addColumn('media_ref', 'text', (c) => c.notNull())
    .addColumn('child_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addPrimaryKeyConstraint('media_children_pk', ['media_ref', 'child_id'])
    .execute();
  await db.schema.createIndex('media_children_child_idx').on('media_children').columns(['school_code', 'child_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_children').execute();
}
