import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.
// The school as data (docs/decisions/0021): one profile document per school, one text document per
// school and information page (JSON TEXT checked by the contract's schemas on every write and read),
// each with a version that increases with every save; and the host names each school is served on.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('school_profiles')
    .addColumn('school_code', 'text', (c) => c.primaryKey().references('schools.code').onDelete('cascade'))
    .addColumn('profile', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('school_pages')
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('school_pages_pk', ['school_code', 'slug'])
    .execute();

  // Lower-case host names without a port; each belongs to one school.
  await db.schema
    .createTable('school_hosts')
    .addColumn('host', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('school_hosts_school_idx').on('school_hosts').column('school_code').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['school_hosts', 'school_pages', 'school_profiles']) await db.schema.dropTable(table).execute();
}
