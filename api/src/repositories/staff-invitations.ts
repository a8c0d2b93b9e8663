import type { Db } from '../db/index.ts';
import type { StaffInvitationsTable } from '../db/schema.ts';

// Invitations to a school's staff (docs/decisions/0117): one open invitation per school and
// address; it grants nothing until the person accepts it through its link. The row's token_hash is
// the SHA-256 of the link's token. Accepted or withdrawn invitations are deleted (the audit log
// keeps the story).

export type StaffInvitationRow = StaffInvitationsTable;

/** Records an invitation, replacing an earlier open one of the same school and address (and its link). */
export async function saveInvitation(db: Db, row: StaffInvitationRow): Promise<void> {
  await db.deleteFrom('staff_invitations').where('school_code', '=', row.school_code).where('email', '=', row.email).execute();
  await db.insertInto('staff_invitations').values(row).execute();
}

export async function findInvitationByToken(db: Db, tokenHash: string): Promise<StaffInvitationRow | undefined> {
  return db.selectFrom('staff_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function findInvitation(db: Db, schoolCode: string, id: string): Promise<StaffInvitationRow | undefined> {
  return db.selectFrom('staff_invitations').selectAll().where('school_code', '=', schoolCode).where('id', '=', id).executeTakeFirst();
}

export async function findInvitationByEmail(db: Db, schoolCode: string, email: string): Promise<StaffInvitationRow | undefined> {
  return db.selectFrom('staff_invitations').selectAll().where('school_code', '=', schoolCode).where('email', '=', email).executeTakeFirst();
}

export async function listInvitations(db: Db, schoolCode: string): Promise<StaffInvitationRow[]> {
  return db.selectFrom('staff_invitations').selectAll().where('school_code', '=', schoolCode).orderBy('email').execute();
}

/** A new link for an open invitation (the previous one stops working). */
export async function renewInvitation(db: Db, id: string, change: { token_hash: string; expires_at: string }): Promise<void> {
  await db.updateTable('staff_invitations').set(change).where('id', '=', id).execute();
}

export async function updateInvitationRole(db: Db, id: string, role: string): Promise<void> {
  await db.updateTable('staff_invitations').set({ role }).where('id', '=', id).execute();
}

/** Deletes an invitation: true only for the one request that did it (a link cannot be used twice). */
export async function deleteInvitation(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('staff_invitations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
