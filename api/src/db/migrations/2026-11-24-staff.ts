import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. Staff accounts, their school roles,
// database-backed sessions, single-use links, sign-in attempts and the append-only audit log
// (docs/decisions/0030). SQL both engines accept: TEXT ids and ISO TEXT times, INTEGER flags.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    // scrypt hash; null until the person follows their set-password link.
    .addColumn('password_hash', 'text')
    .addColumn('is_operator', 'integer', (c) => c.notNull().defaultTo(0))
    // Base32 TOTP secret: pending while totp_enabled_at is null, in force once set.
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled_at', 'text')
    // JSON array of hashed single-use backup codes.
    .addColumn('backup_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_memberships')
    .addColumn('user_id', 'text', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_memberships_pk', ['user_id', 'school_code'])
    .execute();
  await db.schema.createIndex('staff_memberships_school_idx').on('staff_memberships').columns(['school_code', 'role']).execute();

  await db.schema
    .createTable('staff_sessions')
    // SHA-256 of the cookie's token: a copy of the table signs nobody in.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('staff_sessions_user_idx').on('staff_sessions').column('user_id').execute();

  await db.schema
    .createTable('staff_tokens')
    // SHA-256 of the link's token.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('staff_users.id').onDelete('cascade'))
    .addColumn('school_code', 'text', (c) => c.references('schools.code').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_tokens_user_idx').on('staff_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('staff_sign_in_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_sign_in_attempts_email_idx').on('staff_sign_in_attempts').columns(['email', 'at']).execute();
  await db.schema.createIndex('staff_sign_in_attempts_ip_idx').on('staff_sign_in_attempts').columns(['ip', 'at']).execute();

  // Append-only: the application inserts and reads, never updates or deletes.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('school_code', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('ip', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_school_idx').on('audit_log').columns(['school_code', 'at']).execute();

  await db.schema
    .createTable('school_security')
    .addColumn('school_code', 'text', (c) => c.primaryKey().references('schools.code').onDelete('cascade'))
    .addColumn('require_admin_two_factor', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'school_security',
    'audit_log',
    'staff_sign_in_attempts',
    'staff_tokens',
    'staff_sessions',
    'staff_memberships',
    'staff_users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
