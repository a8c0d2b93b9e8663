import type { Db } from '../db/index.ts';

// Per-school security choices of its administrators.

export async function requiresAdminTwoFactor(db: Db, schoolCode: string): Promise<boolean> {
  const row = await db
    .selectFrom('school_security')
    .select('require_admin_two_factor')
    .where('school_code', '=', schoolCode)
    .executeTakeFirst();
  return Number(row?.require_admin_two_factor ?? 0) === 1;
}

export async function setRequireAdminTwoFactor(db: Db, schoolCode: string, value: boolean): Promise<void> {
  await db
    .insertInto('school_security')
    .values({ school_code: schoolCode, require_admin_two_factor: value ? 1 : 0 })
    .onConflict((oc) => oc.column('school_code').doUpdateSet({ require_admin_two_factor: value ? 1 : 0 }))
    .execute();
}
