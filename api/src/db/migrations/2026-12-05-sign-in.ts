import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The last TOTP time step (Unix time / 30 s) accepted for the account: a code of that step or
  // an earlier one is refused, so each code signs in once (RFC 6238 §5.2). Null: none yet under
  // the current secret. An integer: steps stay below 2^31 until the year 4010.
  await db.schema.alterTable('staff_users').addColumn('totp_last_step', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_users').dropColumn('totp_last_step').execute();
}
