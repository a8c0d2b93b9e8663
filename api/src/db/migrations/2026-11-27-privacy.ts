import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Alumni submissions become an inbox: an admin marks one handled (when; null = unhandled).
  await db.schema.alterTable('alumni_submissions').addColumn('handled_at', 'text').execute();
  await db.schema
    .createIndex('alumni_submissions_school_created_idx')
    .on('alumni_submissions')
    .columns(['school_code', 'created_at'])
    .execute();

  // A school's privacy settings: how long submissions are kept (months). No row: the default (24).
  await db.schema
    .createTable('school_privacy')
    .addColumn('school_code', 'text', (c) => c.primaryKey())
    .addColumn('retention_months', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // One row per run of the retention job: `slot` (the hour) is unique, so one server runs each.
  await db.schema
    .createTable('retention_runs')
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('erased', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('retention_runs_slot_idx').unique().on('retention_runs').column('slot').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retention_runs').execute();
  await db.schema.dropTable('school_privacy').execute();
  await db.schema.dropIndex('alumni_submissions_school_created_idx').execute();
  await db.schema.alterTable('alumni_submissions').dropColumn('handled_at').execute();
}
