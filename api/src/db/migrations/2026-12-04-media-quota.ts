import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Space held in a school's media quota by uploads not yet in the library (docs/decisions/0114):
  // a tus upload's declared length from its creation, then a finishing file's processed size until
  // its library row is written. A reservation counts only until `expires_at` (an abandoned upload's
  // is dropped by the clean-up). Keyed by the upload id (random, made by the server).
  await db.schema
    .createTable('media_reservations')
    .addColumn('upload_id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull())
    .addColumn('owner', 'text')
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_reservations_school_idx').on('media_reservations').columns(['school_code', 'expires_at']).execute();

  // One row per school, written first by every reservation: the second of two transactions waits
  // on it until the first commits (a row lock on PostgreSQL, the write lock on SQLite), so each
  // quota check reads what the one before it reserved — on every server sharing the database.
  await db.schema
    .createTable('media_quota_locks')
    .addColumn('school_code', 'text', (c) => c.primaryKey())
    .addColumn('locked_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_quota_locks').execute();
  await db.schema.dropTable('media_reservations').execute();
}
