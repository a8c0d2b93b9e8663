import type { Db } from '../../db/index.ts';
import { findMembership, type StaffUserRow } from '../../repositories/staff-users.ts';
import { schoolExists } from '../../repositories/schools.ts';

export function userSummaryOf(user: StaffUserRow) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isOperator: user.is_operator === 1,
    twoFactorEnabled: user.totp_enabled_at !== null,
  };
}

/**
 * The school whose audit log an account-level event (sign-out, password change) goes to: the one
 * the staff area was used for (`?school=`), when the person works there; else none.
 */
export async function auditSchool(db: Db, user: StaffUserRow, named: string | undefined): Promise<string | null> {
  if (!named) return null;
  if (user.is_operator === 1) return (await schoolExists(db, named)) ? named : null;
  return (await findMembership(db, user.id, named)) ? named : null;
}
