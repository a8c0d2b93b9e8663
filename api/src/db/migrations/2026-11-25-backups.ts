import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per backup attempt, for the staff area (last success, last failure) and so that a
  // scheduled slot runs once across servers: `slot` is unique (NULL for manual backups).
  await db.schema
    .createTable('backup_runs')
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('slot', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('archive', 'text')
    .addColumn('size_bytes', 'bigint')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('backup_runs_slot_idx').unique().on('backup_runs').column('slot').execute();
  await db.schema.createIndex('backup_runs_started_idx').on('backup_runs').column('started_at').execute();

  // Erasures of personal data: what kind, which ids, when — never the erased data. A restore
  // re-applies the ones its archive does not know (docs/decisions/0053).
  await db.schema
    .createTable('erasure_journal')
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ids', 'text', (c) => c.notNull())
    .addColumn('erased_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('erasure_journal').execute();
  await db.schema.dropTable('backup_runs').execute();
}
