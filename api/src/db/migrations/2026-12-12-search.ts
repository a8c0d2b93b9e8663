import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here.
// The search index (issue 36, docs/search.md): one row per searchable thing a visitor may see (or may
// see once published), written by the application in the same transaction as the content it
// follows. search_texts.folded is the text searched (NFC, lower case, title then body); the window, status and
// linked child are copied so that the query itself decides what is public now, as the public reads do.
// SQLite searches it through an FTS5 index kept by triggers on search_texts; PostgreSQL through a
// GIN index of a tsvector column made of the same words (docs/decisions/0147).

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('search_entries')
    .addColumn('id', sqlite ? 'integer' : 'serial', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    // news | events | announcements | notifications | albums | videos | toppers | pages | syllabus
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'text')
    .addColumn('unpublish_at', 'text')
    // School days (a notice's active window): '0000-01-01' and '9999-12-31' when open.
    .addColumn('shown_from', 'text', (c) => c.notNull())
    .addColumn('shown_until', 'text', (c) => c.notNull())
    .addColumn('child_id', 'text')
    .addColumn('consent_purpose', 'text')
    // The item's own date (YYYY-MM-DD…) or null; `recent` orders results (its date, else its last save).
    .addColumn('date', 'text')
    .addColumn('recent', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('folded_title', 'text', (c) => c.notNull())
    .execute();
  // The texts, in a table of their own: a query reads the short rows of every match above, and the
  // long texts only of the ten it shows (SQLite reads a whole row's page, PostgreSQL its tuple).
  await db.schema
    .createTable('search_texts')
    .addColumn('id', 'integer', (c) => c.primaryKey().references('search_entries.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('folded', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_entries_item')
    .unique()
    .on('search_entries')
    .columns(['school_code', 'kind', 'item_id', 'lang'])
    .execute();
  await db.schema.createIndex('search_entries_school').on('search_entries').columns(['school_code', 'lang', 'recent']).execute();
  // Which version of the index builder each school's rows were made by: start-up rebuilds the rest.
  await db.schema
    .createTable('search_state')
    .addColumn('school_code', 'text', (c) => c.primaryKey().references('schools.code').onDelete('cascade'))
    .addColumn('built_version', 'integer', (c) => c.notNull())
    .execute();
  if (!sqlite) {
    // PostgreSQL's full-text index of the same words: a tsvector made of them as they are (no parser,
    // no dictionary, so no language's rules cut a Devanagari word), and a GIN index that answers
    // prefix queries ('exam':*) without reading the texts.
    await sql`alter table search_texts add column words tsvector generated always as (array_to_tsvector(string_to_array(btrim(folded), ' '))) stored`.execute(
      db,
    );
    await sql`create index search_texts_words on search_texts using gin (words)`.execute(db);
  } else {
    // An external-content FTS5 table over `folded`, which the application writes as its words between
    // spaces (letters, digits and combining marks: Devanagari's vowel signs and viramas stay inside
    // their word). The ascii tokenizer cuts at those spaces only and keeps every other code point, so
    // its tokens are exactly the application's words; prefix queries ("exam"*) read its term index.
    await sql`create virtual table search_fts using fts5(folded, content='search_texts', content_rowid='id', tokenize='ascii')`.execute(db);
    await sql`create trigger search_texts_ai after insert on search_texts begin
      insert into search_fts(rowid, folded) values (new.id, new.folded);
    end`.execute(db);
    await sql`create trigger search_texts_ad after delete on search_texts begin
      insert into search_fts(search_fts, rowid, folded) values ('delete', old.id, old.folded);
    end`.execute(db);
    await sql`create trigger search_texts_au after update on search_texts begin
      insert into search_fts(search_fts, rowid, folded) values ('delete', old.id, old.folded);
      insert into search_fts(rowid, folded) values (new.id, new.folded);
    end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop trigger if exists search_texts_ai`.execute(db);
    await sql`drop trigger if exists search_texts_ad`.execute(db);
    await sql`drop trigger if exists search_texts_au`.execute(db);
    await sql`drop table if exists search_fts`.execute(db);
  }
  await db.schema.dropTable('search_state').execute();
  await db.schema.dropTable('search_texts').execute();
  await db.schema.dropTable('search_entries').execute();
}
