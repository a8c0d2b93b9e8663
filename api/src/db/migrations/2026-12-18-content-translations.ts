import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// A content item's version in another language (issue 35, docs/decisions/0156): its text fields only
// (dates, photos and files stay the item's own, shared by every language), with a status, publish
// window, version and authors of its own, so that publishing the Hindi text of a notice leaves the
// English one as it was and the other way round. Its history is kept in content_versions under the
// type "<type>@<locale>" (news@hi).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_translations')
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    // JSON: the English text of the same fields when this version was saved (null: not known, as for
    // a seeded one), so the form can say what changed in the English since.
    .addColumn('source', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('publish_at', 'text')
    .addColumn('unpublish_at', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_by', 'text')
    .addColumn('review_note', 'text')
    .addPrimaryKeyConstraint('content_translations_pk', ['school_code', 'content_type', 'item_id', 'locale'])
    .execute();
  await db.schema
    .createIndex('content_translations_live_idx')
    .on('content_translations')
    .columns(['school_code', 'content_type', 'locale', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_translations').execute();
}
