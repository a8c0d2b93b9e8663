import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import type { AuditLogTable } from '../db/schema.ts';

// The append-only audit log: this module only inserts and reads (docs/decisions/0033).

export type AuditRow = AuditLogTable;

export interface AuditFilter {
  schoolCode: string;
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
}

export async function insertAuditRow(db: Db, row: AuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/**
 * `text` as itself inside a LIKE pattern: `%` and `_` (and the escape character) each escaped with
 * `!`, so an action such as session.sign_in_failed or an address such as first_last@ is matched
 * character for character (both engines accept `LIKE … ESCAPE '!'`).
 */
const literal = (text: string) => text.replace(/[!%_]/g, '!$&');

function filtered(db: Db, f: AuditFilter) {
  let query = db.selectFrom('audit_log').where('school_code', '=', f.schoolCode);
  // Lower-cased: names and addresses are stored so, and PostgreSQL's LIKE is case-sensitive.
  if (f.action) query = query.where(sql<boolean>`action like ${`${literal(f.action.toLowerCase())}%`} escape '!'`);
  if (f.actor) query = query.where(sql<boolean>`actor_email like ${`%${literal(f.actor.toLowerCase())}%`} escape '!'`);
  if (f.from) query = query.where('at', '>=', f.from);
  if (f.to) query = query.where('at', '<', f.to);
  return query;
}

export async function countAudit(db: Db, f: AuditFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listAudit(db: Db, f: AuditFilter, page: { limit: number; offset: number }): Promise<AuditRow[]> {
  return filtered(db, f).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/** Every matching row, newest first, in batches (the CSV export streams them). */
export async function* eachAudit(db: Db, f: AuditFilter, batch = 500): AsyncGenerator<AuditRow> {
  for (let offset = 0; ; offset += batch) {
    const rows = await listAudit(db, f, { limit: batch, offset });
    yield* rows;
    if (rows.length < batch) return;
  }
}
