import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // How each consent was verified (issue 37, DPDP Rules 2025 r.10; docs/decisions/0151): 'school'
  // (recorded by the school in person, as before: every existing row) or 'guardian' (the guardian
  // confirmed it through the e-mailed link: the address it went to and when they confirmed). A
  // withdrawal says who withdrew: 'school' (the staff member's address) or 'guardian'.
  await db.schema
    .alterTable('child_consents')
    .addColumn('verified_by', 'text', (c) => c.notNull().defaultTo('school'))
    .execute();
  await db.schema.alterTable('child_consents').addColumn('guardian_email', 'text').execute();
  await db.schema.alterTable('child_consents').addColumn('confirmed_at', 'text').execute();
  await db.schema.alterTable('child_consents').addColumn('withdrawn_by', 'text').execute();
  await db.schema.alterTable('child_consents').addColumn('withdrawn_by_email', 'text').execute();

  // The e-mailed requests: one row per e-mail sent. The link's secret is kept as its SHA-256 only.
  // A pending request may be confirmed until `confirm_by` (14 days); sending again for the child
  // supersedes the pending one. A confirmed link keeps working for withdrawal until `link_until`
  // (the end of the consent it asked for). Erasing the child erases its requests (the foreign key).
  await db.schema
    .createTable('consent_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('child_id', 'text', (c) => c.notNull().references('children._id').onDelete('cascade'))
    .addColumn('guardian_name', 'text', (c) => c.notNull())
    .addColumn('guardian_email', 'text', (c) => c.notNull())
    // JSON array of the purposes asked about.
    .addColumn('purposes', 'text', (c) => c.notNull())
    // The last day the consent asked for covers (school time zone), and the instant it ends.
    .addColumn('ends_on', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // 'pending' | 'confirmed' | 'superseded'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('confirm_by', 'text', (c) => c.notNull())
    .addColumn('link_until', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'text')
    .addColumn('sent_by_email', 'text')
    .addColumn('confirmed_at', 'text')
    .execute();
  await db.schema.createIndex('consent_requests_child').on('consent_requests').columns(['school_code', 'child_id', 'sent_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('consent_requests').execute();
  for (const column of ['withdrawn_by_email', 'withdrawn_by', 'confirmed_at', 'guardian_email', 'verified_by']) {
    await db.schema.alterTable('child_consents').dropColumn(column).execute();
  }
}
