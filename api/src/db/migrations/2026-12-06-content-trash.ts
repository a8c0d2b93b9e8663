import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Recently deleted content (docs/decisions/0123): a deleted item's whole row, as JSON, kept 30
  // days so that it can be brought back with the same id, fields and status. The item's own table
  // no longer holds it, so no public query can show it.
  await db.schema
    .createTable('content_trash')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('item_row', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addColumn('deleted_by', 'text')
    .addColumn('deleted_by_email', 'text')
    .execute();
  await db.schema
    .createIndex('content_trash_school_type_idx')
    .on('content_trash')
    .columns(['school_code', 'content_type', 'deleted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_trash').execute();
}
