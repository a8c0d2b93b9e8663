import type { Db } from '../db/index.ts';

// The TOTP step an account last signed in with (or turned two-factor on with): RFC 6238 §5.2
// wants each code accepted once.

/**
 * Records `step` as the account's last accepted TOTP step if it is later than the one recorded,
 * under the secret the code was checked against; true when it was. One conditional UPDATE, so of
 * two requests racing with the same code exactly one gets true (on PostgreSQL the second waits
 * for the first's row lock and then sees the new step).
 */
export async function claimTotpStep(db: Db, userId: string, secret: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', '=', secret)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
