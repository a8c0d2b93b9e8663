import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The media library (issue 15): one row per file a school uploaded. `_id` is the sha-256 of the
  // stored bytes (content-addressed per school); `ref` is what content stores and /api/image serves
  // (unique across schools); `path` is the file's place in the media store.
  await db.schema
    .createTable('media')
    .addColumn('school_code', 'text', (c) => c.notNull())
    .addColumn('_id', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull().unique())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decorative', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: { make, model, takenAt, iso, fNumber, exposure } or null.
    .addColumn('camera', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('media_pk', ['school_code', '_id'])
    .execute();
  await db.schema.createIndex('media_school_created_idx').on('media').columns(['school_code', 'created_at']).execute();

  // Variant jobs: one per uploaded image, run in the background with bounded concurrency; a row
  // stays until its variants are written, so a restart picks up what was left.
  await db.schema
    .createTable('media_jobs')
    .addColumn('ref', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_jobs').execute();
  await db.schema.dropTable('media').execute();
}
