import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import {
  countActiveAdmins,
  findUserByEmail,
  findUserById,
  insertMembership,
  insertUser,
  membershipsOf,
} from '../repositories/staff-users.ts';
import { schoolExists } from '../repositories/schools.ts';
import { issueToken } from './links.ts';

// Creating staff accounts, shared by the CLI, the first-start setup and invitations.

export function newUserId(): string {
  return randomBytes(12).toString('hex');
}

/** A display name for someone invited without one: the part of the address before the @. */
export function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}

export class AccountError extends Error {}

/**
 * Adds a person to a school with a role: a new account (without a password) or an existing one.
 * Returns a set-password token for a new account only: an existing account keeps its password or
 * its pending invitation (a new token here would withdraw another school's link). Runs in the
 * caller's transaction.
 */
export async function addStaffMember(
  trx: Db,
  input: { school: string; email: string; role: string; name?: string | undefined },
  now: Date,
  options: { refuseExisting?: boolean } = {},
): Promise<{ userId: string; token: string | null; created: boolean }> {
  if (!(await schoolExists(trx, input.school))) throw new AccountError(`Unknown school code "${input.school}".`);
  const at = now.toISOString();
  const existing = await findUserByEmail(trx, input.email);
  if (existing && options.refuseExisting) throw new AccountError(`An account for ${input.email} already exists.`);
  const userId = existing?.id ?? newUserId();
  if (!existing) {
    await insertUser(trx, {
      id: userId,
      email: input.email,
      name: input.name?.trim() || nameFromEmail(input.email),
      passwordHash: null,
      at,
    });
  }
  await insertMembership(trx, { userId, schoolCode: input.school, role: input.role, at });
  const token = existing ? null : await issueToken(trx, 'invite', { userId, schoolCode: input.school }, now);
  return { userId, token, created: !existing };
}

/**
 * Whether a school's admin may see a person's set-password link: only when the account opens no
 * other school (and is no operator). Otherwise whoever holds the link could take over an account
 * that works elsewhere, so the link goes by e-mail only (docs/decisions/0031).
 */
export async function linkMayBeShown(db: Db, userId: string, school: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user || user.is_operator === 1) return false;
  return (await membershipsOf(db, userId)).every((m) => m.school_code === school);
}

/** True while a school has no administrator who can sign in (the first-start setup link is offered). */
export async function needsSetup(db: Db, school: string): Promise<boolean> {
  return (await schoolExists(db, school)) && (await countActiveAdmins(db, school)) === 0;
}
