import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.
// A school's corrections of the public site's words (docs/decisions/0155): per language, the
// school's own text of a message of the catalogue ("Alumni" → "Old Students"). No row: the
// catalogue's text stands; clearing a correction deletes its row.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_word_corrections')
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    // 'en' or a language of the site (hi, bn…).
    .addColumn('locale', 'text', (c) => c.notNull())
    // A key of the English catalogue (shell.link.alumni).
    .addColumn('key', 'text', (c) => c.notNull())
    // ICU MessageFormat, with the English message's {names} and <tags>.
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // The staff user who saved it (staff_users.id); kept when that account goes.
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('site_word_corrections_pk', ['school_code', 'locale', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_word_corrections').execute();
}
