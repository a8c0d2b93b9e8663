import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // A person's request about their personal data (issue 37; docs/decisions/0150): access,
  // correction or erasure, confirmed by a link mailed to the address given before it enters the
  // school's queue. An unconfirmed request is erased when its link ends; a closed one 12 months later.
  await db.schema
    .createTable('rights_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    // 'access' | 'correct' | 'erase'
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'me' | 'child'
    .addColumn('about', 'text', (c) => c.notNull())
    .addColumn('child_name', 'text')
    .addColumn('child_class', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    // Lower case, as given: the address the request was confirmed from.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('correction', 'text')
    // 'pending' (link not followed yet) | 'open' | 'done' | 'refused'
    .addColumn('status', 'text', (c) => c.notNull())
    // The SHA-256 of the confirm link's secret; null once used.
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('confirm_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('due_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'text')
    // Why a request was refused (told to the person).
    .addColumn('reason', 'text')
    .execute();
  await db.schema.createIndex('rights_requests_school').on('rights_requests').columns(['school_code', 'status', 'due_at']).execute();
  await db.schema.createIndex('rights_requests_email').on('rights_requests').columns(['school_code', 'email']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rights_requests').execute();
}
