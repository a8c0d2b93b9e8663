import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Moving in (docs/decisions/0136): what an import brought from a source, so that a second run
  // leaves unchanged things alone, never duplicates, and keeps what the school edited here since.
  // `source` is the source API's base address as the import was given it.
  await db.schema
    .createTable('import_items')
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    // The item's version as the import left it: another version means it was edited here.
    .addColumn('item_version', 'integer', (c) => c.notNull())
    // 1 when every file the item names came in; 0 when it was kept as a draft without some.
    .addColumn('complete', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_items_pk', ['school_code', 'source', 'content_type', 'source_id'])
    .execute();
  await db.schema
    .createTable('import_files')
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_ref', 'text', (c) => c.notNull())
    // The source's bytes (before judging) and its ETag: how a second run knows the file is unchanged.
    .addColumn('source_sha256', 'text', (c) => c.notNull())
    .addColumn('etag', 'text')
    .addColumn('media_ref', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_files_pk', ['school_code', 'source', 'source_ref'])
    .execute();
  // When a source was first imported from: the base of the creation times that keep each list's
  // order (the same in a run that was killed and run again).
  await db.schema
    .createTable('import_sources')
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_sources_pk', ['school_code', 'source'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_sources').execute();
  await db.schema.dropTable('import_files').execute();
  await db.schema.dropTable('import_items').execute();
}
