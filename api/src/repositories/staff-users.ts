import type { Db } from '../db/index.ts';
import type { StaffUsersTable } from '../db/schema.ts';

// Staff accounts and their roles per school (STAFF.md "People and roles").

export type StaffUserRow = StaffUsersTable;

export interface MemberRow {
  id: string;
  email: string;
  name: string;
  role: string;
  has_password: number;
  totp_enabled_at: string | null;
  created_at: string;
  /** The person's last request to this school's staff area. */
  last_seen_at: string | null;
}

export async function findUserByEmail(db: Db, email: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Db,
  user: { id: string; email: string; name: string; passwordHash: string | null; isOperator?: boolean; at: string },
): Promise<void> {
  await db
    .insertInto('staff_users')
    .values({
      id: user.id,
      email: user.email,
      name: user.name,
      password_hash: user.passwordHash,
      is_operator: user.isOperator ? 1 : 0,
      totp_secret: null,
      totp_enabled_at: null,
      backup_codes: '[]',
      created_at: user.at,
      updated_at: user.at,
    })
    .execute();
}

export async function updateUser(
  db: Db,
  id: string,
  changes: Partial<
    Pick<StaffUserRow, 'name' | 'password_hash' | 'is_operator' | 'totp_secret' | 'totp_enabled_at' | 'totp_last_step' | 'backup_codes'>
  >,
  at: string,
): Promise<void> {
  await db
    .updateTable('staff_users')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Uses one backup code: true only for the request that removed it (concurrent uses cannot both win). */
export async function replaceBackupCodes(db: Db, id: string, expected: string, next: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({ backup_codes: next, updated_at: at })
    .where('id', '=', id)
    .where('backup_codes', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function membershipsOf(db: Db, userId: string): Promise<Array<{ school_code: string; school_name: string; role: string }>> {
  return db
    .selectFrom('staff_memberships')
    .innerJoin('schools', 'schools.code', 'staff_memberships.school_code')
    .select(['staff_memberships.school_code', 'schools.name as school_name', 'staff_memberships.role'])
    .where('staff_memberships.user_id', '=', userId)
    .orderBy('schools.name')
    .execute();
}

export async function findMembership(
  db: Db,
  userId: string,
  schoolCode: string,
): Promise<{ role: string; last_seen_at: string | null } | undefined> {
  return db
    .selectFrom('staff_memberships')
    .select(['role', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('school_code', '=', schoolCode)
    .executeTakeFirst();
}

export async function insertMembership(db: Db, m: { userId: string; schoolCode: string; role: string; at: string }): Promise<void> {
  await db
    .insertInto('staff_memberships')
    .values({ user_id: m.userId, school_code: m.schoolCode, role: m.role, created_at: m.at, last_seen_at: null })
    .execute();
}

/** Records that the person worked in this school's staff area (written at most once a minute). */
export async function touchMembership(db: Db, userId: string, schoolCode: string, at: string): Promise<void> {
  await db
    .updateTable('staff_memberships')
    .set({ last_seen_at: at })
    .where('user_id', '=', userId)
    .where('school_code', '=', schoolCode)
    .execute();
}

/** Whether the person also works for a school other than this one (an operator works for every school). */
export async function worksElsewhere(db: Db, userId: string, schoolCode: string): Promise<boolean> {
  const user = await db.selectFrom('staff_users').select('is_operator').where('id', '=', userId).executeTakeFirst();
  if (!user || user.is_operator === 1) return true;
  const row = await db
    .selectFrom('staff_memberships')
    .select('school_code')
    .where('user_id', '=', userId)
    .where('school_code', '!=', schoolCode)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateMembershipRole(db: Db, userId: string, schoolCode: string, role: string): Promise<void> {
  await db.updateTable('staff_memberships').set({ role }).where('user_id', '=', userId).where('school_code', '=', schoolCode).execute();
}

export async function deleteMembership(db: Db, userId: string, schoolCode: string): Promise<void> {
  await db.deleteFrom('staff_memberships').where('user_id', '=', userId).where('school_code', '=', schoolCode).execute();
}

/** Administrators of a school who can sign in (their password is set). */
export async function countActiveAdmins(db: Db, schoolCode: string): Promise<number> {
  const row = await db
    .selectFrom('staff_memberships')
    .innerJoin('staff_users', 'staff_users.id', 'staff_memberships.user_id')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('staff_memberships.school_code', '=', schoolCode)
    .where('staff_memberships.role', '=', 'admin')
    .where('staff_users.password_hash', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listMembers(db: Db, schoolCode: string): Promise<MemberRow[]> {
  const rows = await db
    .selectFrom('staff_memberships')
    .innerJoin('staff_users', 'staff_users.id', 'staff_memberships.user_id')
    .select([
      'staff_users.id',
      'staff_users.email',
      'staff_users.name',
      'staff_memberships.role',
      'staff_users.totp_enabled_at',
      'staff_memberships.created_at',
      'staff_memberships.last_seen_at',
    ])
    .select((eb) => eb.case().when('staff_users.password_hash', 'is not', null).then(1).else(0).end().as('has_password'))
    .where('staff_memberships.school_code', '=', schoolCode)
    .orderBy('staff_users.name')
    .orderBy('staff_users.email')
    .execute();
  return rows.map((r) => ({ ...r, has_password: Number(r.has_password) }));
}
