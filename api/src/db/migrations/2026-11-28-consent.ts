import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The consent register (issue 16): the children a school's site may show…
  await db.schema
    .createTable('children')
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('class', 'text', (c) => c.notNull())
    .addColumn('admission_number', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('children_school_name_idx').on('children').columns(['school_code', 'name']).execute();

  // …and their guardians' consent, one row per purpose. `ends_at` is the UTC instant the school
  // day after the end date begins; `withdrawn_at` null: not withdrawn. Public reads compare both.
  await db.schema
    .createTable('child_consents')
    .addColumn('child_id', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('school_code', 'text', (c) => c.notNull())
    .addColumn('given_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'text')
    .addColumn('recorded_by_email', 'text')
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .addPrimaryKeyConstraint('child_consents_pk', ['child_id', 'purpose'])
    .execute();

  // Birthdays and toppers name the child they show (null: not linked).
  for (const table of ['birthdays', 'toppers']) {
    await db.schema.alterTable(table).addColumn('child_id', 'text').execute();
  }

  // What the birthday section shows: 'first' (first name and class) unless the school turns on 'full'.
  await db.schema
    .alterTable('school_privacy')
    .addColumn('birthday_names', 'text', (c) => c.notNull().defaultTo('first'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('school_privacy').dropColumn('birthday_names').execute();
  for (const table of ['birthdays', 'toppers']) await db.schema.alterTable(table).dropColumn('child_id').execute();
  await db.schema.dropTable('child_consents').execute();
  await db.schema.dropTable('children').execute();
}
