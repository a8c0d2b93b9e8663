import { sql, type Selectable, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';

// Helpers shared by the repositories: JSON TEXT arrays and creation timestamps.

export function toJson(refs: readonly string[] | undefined | null): string {
  return JSON.stringify(refs ?? []);
}

export function fromJson(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function nowIso(): string {
  return new Date().toISOString();
}

/** The first ten characters of an ISO date ("2025-08-14"), or null. */
export function dayOf(date: string | null | undefined): string | null {
  return date ? date.slice(0, 10) : null;
}

/** The tables of dated records, listed newest first (undated last) by the same rule. */
type DatedTable = 'news' | 'events' | 'albums' | 'videos';

/**
 * A school's rows of a dated table, newest first: undated ones last (NULLS LAST on both engines,
 * docs/decisions/0007), then the later-created first.
 */
export function newestFirst<T extends DatedTable>(
  db: Db,
  table: T,
  schoolCode: string,
  now: Date = new Date(),
): SelectQueryBuilder<Database, T, Selectable<Database[T]>> {
  // Kysely cannot name columns of a table given as a type parameter; all four tables have these.
  return db
    .selectFrom(table as DatedTable)
    .selectAll()
    .where('school_code', '=', schoolCode)
    .where(liveAt(now))
    .orderBy('date', (ob) => ob.desc().nullsLast())
    .orderBy('created_at', 'desc') as unknown as SelectQueryBuilder<Database, T, Selectable<Database[T]>>;
}

/**
 * What the public may see at `now` (docs/decisions/0060): published, and inside its publish window.
 * A condition in the query itself, so a scheduled item shows at its time with no job having run.
 * Times are UTC ISO TEXT of one format (toISOString), so they compare as text on both engines.
 */
export function liveAt(now: Date) {
  const at = now.toISOString();
  return sql<SqlBool>`(status = 'published' and (publish_at is null or publish_at <= ${at}) and (unpublish_at is null or unpublish_at > ${at}))`;
}
