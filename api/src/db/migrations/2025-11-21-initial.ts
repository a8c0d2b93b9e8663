import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept:
// dates are ISO TEXT, file-reference arrays JSON TEXT, primary keys TEXT.

const OWNED_CONTENT = ['news', 'highlights', 'toppers', 'principal_messages', 'events', 'birthdays', 'notifications', 'albums', 'videos'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schools')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  const owned = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('_id', 'text', (c) => c.primaryKey())
      .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull());

  await owned('news')
    .addColumn('date', 'text')
    .addColumn('from_date', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .execute();
  await owned('highlights')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .execute();
  await owned('toppers')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('class', 'text', (c) => c.notNull())
    .addColumn('division', 'text', (c) => c.notNull())
    .addColumn('stream', 'text', (c) => c.notNull())
    .addColumn('session_year', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .execute();
  await owned('principal_messages')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .execute();
  await owned('events')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('date', 'text')
    .addColumn('from_date', 'text')
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('venue', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .execute();
  await owned('birthdays')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('class', 'text', (c) => c.notNull())
    .addColumn('month_day', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .execute();
  await owned('notifications')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('active_from', 'text', (c) => c.notNull())
    .addColumn('active_until', 'text', (c) => c.notNull())
    .execute();
  await owned('albums')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('date', 'text')
    .addColumn('updated_on', 'text')
    .addColumn('attachments', 'text', (c) => c.notNull())
    .execute();
  await owned('videos')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('date', 'text')
    .addColumn('video_url', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .execute();

  for (const table of OWNED_CONTENT) {
    await db.schema.createIndex(`${table}_school_idx`).on(table).column('school_code').execute();
  }
  await db.schema.createIndex('birthdays_day_idx').on('birthdays').columns(['school_code', 'month_day']).execute();

  await db.schema
    .createTable('files')
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('visitor_counts')
    .addColumn('school_code', 'text', (c) => c.primaryKey().references('schools.code').onDelete('cascade'))
    .addColumn('visitor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Personal data: written by POST /api/form, never read by any public route.
  let alumni = db.schema
    .createTable('alumni_submissions')
    .addColumn('_id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code'))
    .addColumn('form_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull());
  for (const field of [
    'from_year',
    'class',
    'to_year',
    'school2',
    'father_name',
    'subject',
    'name',
    'email',
    'phone',
    'location',
    'address',
    'school',
    'profession3',
    'school1',
    'designation',
    'address1',
    'profession1',
  ]) {
    alumni = alumni.addColumn(field, 'text', (c) => c.notNull());
  }
  await alumni.execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['alumni_submissions', 'visitor_counts', 'files', ...OWNED_CONTENT.toReversed(), 'schools']) {
    await db.schema.dropTable(table).execute();
  }
}
