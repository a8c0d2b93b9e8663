import type { Db } from '../db/index.ts';
import { hostNameOf } from '@sthsm/contract/schools';
import { nowIso } from './rows.ts';

/**
 * A host name as the table stores it (lower case, no port, no final dot), or null for what is not
 * one: the rule lives in the contract so the operators' form checks the same (@sthsm/contract/schools).
 */
export const normalizeHost = hostNameOf;

/** Every host name → school code of the host table (the site's resolver loads it whole). */
export async function listSchoolHosts(db: Db): Promise<Array<{ host: string; schoolCode: string }>> {
  const rows = await db.selectFrom('school_hosts').select(['host', 'school_code']).orderBy('host').execute();
  return rows.map((r) => ({ host: r.host, schoolCode: r.school_code }));
}

/** The school a host name is mapped to; `fallback` (the default school) for any other host and for localhost. */
export async function schoolOfHost(db: Db, hostName: string, fallback: string): Promise<string> {
  const host = normalizeHost(hostName);
  if (!host) return fallback;
  const row = await db.selectFrom('school_hosts').select('school_code').where('host', '=', host).executeTakeFirst();
  return row?.school_code ?? fallback;
}

/** The host name a school's links are made on: its first one (null when it has none). */
export async function primaryHostOf(db: Db, schoolCode: string): Promise<string | null> {
  const row = await db
    .selectFrom('school_hosts')
    .select('host')
    .where('school_code', '=', schoolCode)
    .orderBy('created_at')
    .orderBy('host')
    .executeTakeFirst();
  return row?.host ?? null;
}

/** Points a host name at a school (stored normalized; throws for a name normalizeHost refuses). */
export async function saveSchoolHost(db: Db, hostName: string, schoolCode: string): Promise<void> {
  const host = normalizeHost(hostName);
  if (!host) throw new Error(`"${hostName}" is not a host name a school can be served on.`);
  await db
    .insertInto('school_hosts')
    .values({ host, school_code: schoolCode, created_at: nowIso() })
    .onConflict((oc) => oc.column('host').doUpdateSet({ school_code: schoolCode }))
    .execute();
}

export async function deleteSchoolHost(db: Db, host: string): Promise<void> {
  await db.deleteFrom('school_hosts').where('host', '=', host).execute();
}

/** The school a host name (stored form) is served for, if any. */
export async function findSchoolHost(db: Db, host: string): Promise<{ host: string; schoolCode: string } | undefined> {
  const row = await db.selectFrom('school_hosts').select(['host', 'school_code']).where('host', '=', host).executeTakeFirst();
  return row ? { host: row.host, schoolCode: row.school_code } : undefined;
}

/** Adds a host name (stored form) to a school; false when another request added it first. */
export async function insertSchoolHost(db: Db, host: string, schoolCode: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('school_hosts')
    .values({ host, school_code: schoolCode, created_at: at })
    .onConflict((oc) => oc.column('host').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
