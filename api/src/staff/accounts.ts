import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { deleteInvitation, saveInvitation, type StaffInvitationRow } from '../repositories/staff-invitations.ts';
import { withdrawShownTokens } from '../repositories/staff-tokens.ts';
import { countActiveAdmins, findMembership, findUserById, insertMembership, membershipsOf } from '../repositories/staff-users.ts';
import { schoolExists } from '../repositories/schools.ts';
import { LINK_LIFETIME_MS } from './links.ts';
import { newToken, tokenHash } from './secrets.ts';

// Staff accounts and invitations, shared by the CLI, the first-start setup and the staff routes.
// Joining a school is always the person's own act (docs/decisions/0117): an invitation grants
// nothing until they accept it through its link, and a link one school made never opens another.

export function newUserId(): string {
  return randomBytes(12).toString('hex');
}

/** A display name for someone invited without one: the part of the address before the @. */
export function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}

export class AccountError extends Error {}

export const LINK_INVALID = 'This link has expired or has already been used. Ask your school\u2019s administrator for a new one.';

/**
 * Invites an address to a school's staff with a role: an invitation (replacing an earlier open one
 * of the same school and address) and its link's token. Nothing is looked up about the address, so
 * the invitation is made the same way whether or not it has an account anywhere. Runs in the
 * caller's transaction.
 */
export async function inviteToSchool(
  trx: Db,
  input: { school: string; email: string; role: string; name?: string | undefined; invitedBy: string | null },
  now: Date,
): Promise<{ invitationId: string; token: string; expiresAt: string }> {
  if (!(await schoolExists(trx, input.school))) throw new AccountError(`Unknown school code "${input.school}".`);
  const token = newToken();
  const invitationId = newUserId();
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS.invite).toISOString();
  await saveInvitation(trx, {
    id: invitationId,
    school_code: input.school,
    email: input.email,
    name: input.name?.trim() || null,
    role: input.role,
    token_hash: tokenHash(token),
    invited_by: input.invitedBy,
    created_at: now.toISOString(),
    expires_at: expiresAt,
  });
  return { invitationId, token, expiresAt };
}

/** True while an invitation's link may still be used. */
export function invitationIsLive(invitation: StaffInvitationRow, now: Date): boolean {
  return invitation.expires_at > now.toISOString();
}

/**
 * Makes the person a member of the inviting school (their own act: they used the link, signed in
 * or choosing their first password) and spends the invitation; false when another request spent it. Links of other schools that an
 * administrator was shown stop working: the person now works here too. Runs in the caller's transaction.
 */
export async function acceptInvitation(trx: Db, invitation: StaffInvitationRow, userId: string, at: Date): Promise<boolean> {
  // Deleting first: of two requests with the same link, only one finds the invitation still there.
  if (!(await deleteInvitation(trx, invitation.id))) return false;
  if (!(await findMembership(trx, userId, invitation.school_code))) {
    await insertMembership(trx, { userId, schoolCode: invitation.school_code, role: invitation.role, at: at.toISOString() });
  }
  await withdrawShownTokens(trx, userId, { exceptSchool: invitation.school_code }, at.toISOString());
  return true;
}

/**
 * Whether a school's admin may see a person's set-password link: only when the account opens no
 * other school (and is no operator). Otherwise whoever holds the link could take over an account
 * that works elsewhere, so the link goes by e-mail only (docs/decisions/0031). Checked again when
 * the link is used.
 */
export async function linkMayBeShown(db: Db, userId: string, school: string): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user || user.is_operator === 1) return false;
  const memberships = await membershipsOf(db, userId);
  return memberships.length > 0 && memberships.every((m) => m.school_code === school);
}

/** True while a school has no administrator who can sign in (the first-start setup link is offered). */
export async function needsSetup(db: Db, school: string): Promise<boolean> {
  return (await schoolExists(db, school)) && (await countActiveAdmins(db, school)) === 0;
}
