import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.
// The publishing model (docs/decisions/0060): every content table gets a status (draft, review,
// published), an optional publish window in UTC ISO TEXT, a version that increases with every
// save, and who created and last changed it. Existing rows are published. Every save keeps a full
// snapshot in content_versions; school_content_state holds each school's content counter, which
// every process compares before serving a cached page or JSON answer (docs/decisions/0061).

const CONTENT = ['news', 'highlights', 'toppers', 'principal_messages', 'events', 'birthdays', 'notifications', 'albums', 'videos'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of CONTENT) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
      .execute();
    await db.schema.alterTable(table).addColumn('publish_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('unpublish_at', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.alterTable(table).addColumn('created_by', 'text').execute();
    await db.schema.alterTable(table).addColumn('updated_by', 'text').execute();
    await db.schema.alterTable(table).addColumn('review_note', 'text').execute();
    await sql`update ${sql.table(table)} set updated_at = created_at`.execute(db);
    await db.schema.createIndex(`${table}_status_idx`).on(table).columns(['school_code', 'status']).execute();
  }

  // The information pages: `content` is what the public reads; `draft_content` an unpublished edit.
  await db.schema.alterTable('school_pages').addColumn('draft_content', 'text').execute();
  await db.schema
    .alterTable('school_pages')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('published'))
    .execute();
  await db.schema.alterTable('school_pages').addColumn('updated_by', 'text').execute();
  await db.schema.alterTable('school_pages').addColumn('review_note', 'text').execute();

  await db.schema
    .createTable('content_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'text')
    .addColumn('saved_by_email', 'text')
    .execute();
  await db.schema
    .createIndex('content_versions_item_idx')
    .on('content_versions')
    .columns(['school_code', 'content_type', 'item_id', 'version'])
    .execute();

  await db.schema
    .createTable('school_content_state')
    .addColumn('school_code', 'text', (c) => c.primaryKey().references('schools.code').onDelete('cascade'))
    .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();

  // Secrets the server makes for itself and shares between its processes (the preview-link key).
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['server_secrets', 'school_content_state', 'content_versions']) await db.schema.dropTable(table).execute();
  for (const column of ['review_note', 'updated_by', 'status', 'draft_content']) {
    await db.schema.alterTable('school_pages').dropColumn(column).execute();
  }
  for (const table of CONTENT) {
    await db.schema.dropIndex(`${table}_status_idx`).execute();
    for (const column of ['review_note', 'updated_by', 'created_by', 'updated_at', 'version', 'unpublish_at', 'publish_at', 'status']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
