import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { CONTENT_REGISTRY } from './registry.ts';

// Each school's content counter (docs/decisions/0061): +1 in the transaction of every write that
// changes what the public sees (or may see once its window opens). Every process compares it, at
// most once a second, before replaying a cached page or JSON answer of that school.

export async function bumpContentVersion(trx: Db, schoolCode: string, now: Date): Promise<void> {
  await trx
    .insertInto('school_content_state')
    .values({ school_code: schoolCode, content_version: 1, changed_at: now.toISOString() })
    .onConflict((oc) =>
      oc.column('school_code').doUpdateSet({
        content_version: sql<number>`school_content_state.content_version + 1`,
        changed_at: now.toISOString(),
      }),
    )
    .execute();
}

/** Every school's counter (schools never written to are absent: 0). */
export async function contentVersions(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('school_content_state').select(['school_code', 'content_version']).execute();
  return new Map(rows.map((r) => [r.school_code, Number(r.content_version)]));
}

/**
 * Every school's next moment after `now` at which something of its published content enters or
 * leaves its window, in one query: a cached answer of that school must not outlive it.
 */
export async function nextTransitions(db: Db, now: Date): Promise<Map<string, string>> {
  const at = now.toISOString();
  const tables = [...new Set(Object.values(CONTENT_REGISTRY).map((s) => s.table))];
  const selects = tables.flatMap((table) => [
    sql`select school_code, publish_at as t from ${sql.table(table)} where status = 'published' and publish_at > ${at}`,
    sql`select school_code, unpublish_at as t from ${sql.table(table)} where status = 'published' and unpublish_at > ${at}`,
  ]);
  // A version in another language has a window of its own (content/translations.ts).
  selects.push(sql`select school_code, publish_at as t from content_translations where status = 'published' and publish_at > ${at}`);
  selects.push(sql`select school_code, unpublish_at as t from content_translations where status = 'published' and unpublish_at > ${at}`);
  // A child's consent ending hides what shows them (docs/decisions/0055): a window boundary too.
  selects.push(sql`select school_code, ends_at as t from child_consents where withdrawn_at is null and ends_at > ${at}`);
  // An emergency alert leaves every page at its end time (issue 34).
  selects.push(sql`select school_code, ends_at as t from emergency_alerts where ended_at is null and ends_at > ${at}`);
  const { rows } = await sql<{ school_code: string; next: string }>`select school_code, min(t) as next from (${sql.join(
    selects,
    sql` union all `,
  )}) w group by school_code`.execute(db);
  return new Map(rows.map((r) => [r.school_code, r.next]));
}
