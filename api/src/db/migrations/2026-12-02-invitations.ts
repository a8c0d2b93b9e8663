import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

// Frozen in time: never import application code here. SQL that SQLite and PostgreSQL both accept.

export async function up(db: Kysely<unknown>): Promise<void> {
  // An invitation to a school's staff (docs/decisions/0117): a role the person has only once they
  // accept it themselves, through its link. Until then it grants nothing. One open invitation per
  // school and address; `token_hash` is the SHA-256 of the link's token (the token is never stored).
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('school_code', 'text', (c) => c.notNull().references('schools.code').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('staff_invitations_school_email', ['school_code', 'email'])
    .execute();
  // Activity per school: a school's staff list shows when someone last worked *there*, never their
  // activity in another school.
  await db.schema.alterTable('staff_memberships').addColumn('last_seen_at', 'text').execute();
  // A link an administrator was shown (not only e-mailed): it stops working once the person works
  // for another school, or leaves this one.
  await db.schema.alterTable('staff_tokens').addColumn('shown_to', 'text').execute();

  // Memberships of accounts that never chose a password were invitations in all but name: they
  // become invitations, and each school's unused link keeps working for that school only.
  // any: a migration is typed without the application's schema, which may change after it (STYLE.md).
  // oxlint-disable-next-line no-explicit-any
  const raw = db as Kysely<any>;
  const pending = await raw
    .selectFrom('staff_memberships as m')
    .innerJoin('staff_users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.school_code', 'm.role', 'm.created_at', 'u.email', 'u.name'])
    .where('u.password_hash', 'is', null)
    .where('u.is_operator', '=', 0)
    .execute();
  for (const row of pending) {
    const link = await raw
      .selectFrom('staff_tokens')
      .select(['id', 'expires_at'])
      .where('purpose', '=', 'invite')
      .where('user_id', '=', row.user_id as string)
      .where('school_code', '=', row.school_code as string)
      .where('used_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    await raw
      .insertInto('staff_invitations')
      .values({
        id: randomBytes(12).toString('hex'),
        school_code: row.school_code,
        email: row.email,
        name: row.name,
        role: row.role,
        // Without an unused link the invitation stays listed, expired, until a new link is made.
        token_hash: (link?.id as string | undefined) ?? randomBytes(32).toString('hex'),
        invited_by: null,
        created_at: row.created_at,
        expires_at: (link?.expires_at as string | undefined) ?? row.created_at,
      })
      .execute();
    if (link)
      await raw
        .deleteFrom('staff_tokens')
        .where('id', '=', link.id as string)
        .execute();
    await raw
      .deleteFrom('staff_memberships')
      .where('user_id', '=', row.user_id as string)
      .where('school_code', '=', row.school_code as string)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_tokens').dropColumn('shown_to').execute();
  await db.schema.alterTable('staff_memberships').dropColumn('last_seen_at').execute();
  await db.schema.dropTable('staff_invitations').execute();
}
