import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The personal-data breach register (issue 37, docs/decisions/0149): one row per breach of a
  // school, the facts the DPDP Rules 2025 r.7 notices need and when each notice was sent. No names
  // of affected people: the kinds of data and people (JSON arrays) and counts only.
  await db.schema
    .createTable('breaches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('what_happened', 'text', (c) => c.notNull())
    // UTC ISO times; happened_at may be unknown (null).
    .addColumn('happened_at', 'text')
    .addColumn('aware_at', 'text', (c) => c.notNull())
    .addColumn('place', 'text')
    // JSON arrays of the contract's keys (BREACH_DATA_KINDS, BREACH_PEOPLE).
    .addColumn('data_kinds', 'text', (c) => c.notNull())
    .addColumn('data_other', 'text')
    .addColumn('whose', 'text', (c) => c.notNull())
    .addColumn('people_count', 'integer')
    .addColumn('consequences', 'text')
    .addColumn('containment', 'text')
    .addColumn('safety_steps', 'text')
    .addColumn('cause', 'text')
    .addColumn('prevention', 'text')
    .addColumn('board_intimation_at', 'text')
    .addColumn('board_report_at', 'text')
    .addColumn('people_told_at', 'text')
    .addColumn('people_told_count', 'integer')
    // Open until an administrator closes it.
    .addColumn('closed_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('breaches_school').on('breaches').columns(['school_code', 'aware_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('breaches').execute();
}
