import type { Db } from '../db/index.ts';
import { nowIso } from './rows.ts';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A host name as the table stores it: lower case, without a port or a final dot; null for anything
 * that is not a DNS name (an IP literal, an empty string, a name with odd characters). "localhost"
 * is never a key: it always gets the default school.
 */
export function normalizeHost(host: string): string | null {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) return null;
  name = name.replace(/:\d*$/, '').replace(/\.$/, '');
  if (name.length === 0 || name.length > 253 || name === 'localhost') return null;
  const labels = name.split('.');
  if (!labels.every((label) => LABEL.test(label))) return null;
  if (labels.every((label) => /^\d+$/.test(label))) return null;
  return name;
}

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
