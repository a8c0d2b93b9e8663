import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.
// The access log (issue 37, docs/decisions/0152): reads of personal data are audit entries kept for a
// year; the hourly retention run deletes the old ones by action and time, which this index finds
// without reading the whole log.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_log_action_at_idx').on('audit_log').columns(['action', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_action_at_idx').execute();
}
