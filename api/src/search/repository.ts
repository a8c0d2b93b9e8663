import type { SearchKind } from '@sthsm/contract/search';
import { sql, SqliteAdapter, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/index.ts';
import { LATIN_WORD, nearestWord } from './text.ts';

// One search repository interface, two implementations (docs/search.md): SQLite finds candidate rows
// through the FTS5 index of words (search_fts), PostgreSQL through the GIN index of their tsvector
// (docs/decisions/0147). Both then apply the same conditions to the same rows, so what is found, its
// order and its paging are one rule: each word of the query begins a word of the item; title matches first,
// then the most recent; only what the public sees now (status, publish window, a notice's days, a
// linked child's consent), as the public reads decide it.

export interface EntryRow {
  kind: SearchKind;
  item_id: string;
  title: string;
  body: string;
  path: string;
  date: string | null;
}

export interface PublicSearch {
  code: string;
  lang: string;
  /** Folded words (search/text.ts termsOf); at least one. */
  terms: readonly string[];
  /** Now, and the school's day now (a notice's window is in days). */
  now: Date;
  today: string;
  limit: number;
  offset: number;
}

export interface SearchRepository {
  /** One page of what the public may find, and how many there are in all. */
  search(q: PublicSearch): Promise<{ total: number; rows: EntryRow[] }>;
  /** The Latin-script words of what the public may see now, with how often each occurs (for "did you mean"). */
  vocabulary(q: Omit<PublicSearch, 'terms' | 'limit' | 'offset'>): Promise<Map<string, number>>;
}

/** A word's beginning as a LIKE pattern on the indexed words (terms are letters, digits and marks only). */
const beginsWord = (term: string) => `% ${term}%`;

/**
 * Rows in which each term begins a word (search/text.ts indexedWords). SQLite: one FTS5 query of
 * prefix strings ("exam"*); PostgreSQL: a tsquery of prefixes ('exam':*) on the tsvector of the same
 * words; both answered from their index's terms alone. Without the index (the bench's reference):
 * a read of each row's words.
 */
function matchAll(sqlite: boolean, terms: readonly string[], index = true): Expression<SqlBool> {
  if (terms.length === 0) return sql<SqlBool>`1 = 0`;
  if (sqlite && index) {
    const query = terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(' ');
    return sql<SqlBool>`e.id in (select rowid from search_fts where search_fts match ${query})`;
  }
  if (index) {
    // The words as tsquery prefixes, taken as they are (a cast, not to_tsquery: no parser, no dictionary).
    const query = terms.map((t) => `'${t.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`).join(' & ');
    return sql<SqlBool>`e.id in (select t.id from search_texts t where t.words @@ cast(${query} as tsquery))`;
  }
  const each = terms.map((t) => sql`${sql.raw(sqlite ? 'instr' : 'strpos')}(t.folded, ${` ${t}`}) > 0`);
  return sql<SqlBool>`e.id in (select t.id from search_texts t where ${sql.join(each, sql` and `)})`;
}

/** What the public may see at `now` (rows.ts liveAt, a notice's days, children/consent.ts's rule). */
function publicNow(now: Date, today: string): Expression<SqlBool> {
  const at = now.toISOString();
  return sql<SqlBool>`(e.status = 'published'
    and (e.publish_at is null or e.publish_at <= ${at})
    and (e.unpublish_at is null or e.unpublish_at > ${at})
    and e.shown_from <= ${today} and e.shown_until >= ${today}
    and (e.child_id is null or exists (
      select 1 from child_consents cc where cc.school_code = e.school_code and cc.child_id = e.child_id
        and cc.purpose = e.consent_purpose and cc.withdrawn_at is null and cc.ends_at > ${at})))`;
}

/** Every term in the title: these results come first. */
function titleHasAll(terms: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    terms.map((t) => sql`e.folded_title like ${beginsWord(t)}`),
    sql` and `,
  )})`;
}

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * The staff lists' search of a content kind the index holds: the item's id is among the school's
 * entries of that kind that hold every word, whatever the item's status (its draft and schedule too).
 */
export function indexedItemMatches(db: Db, code: string, kind: SearchKind, terms: readonly string[]): Expression<SqlBool> {
  return sql<SqlBool>`_id in (select e.item_id from search_entries e where e.school_code = ${code} and e.kind = ${kind} and ${matchAll(isSqlite(db), terms)})`;
}

/**
 * The same rule on a table's own columns, for lists the index does not hold (the media library,
 * submissions, birthdays): every word occurs, lower-cased, in one of `columns`.
 */
const contains = (term: string) => `%${term}%`;

export function everyTermIn(columns: readonly string[], terms: readonly string[]): Expression<SqlBool> {
  if (terms.length === 0) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${sql.join(
    terms.map(
      (t) =>
        sql`(${sql.join(
          columns.map((c) => sql`lower(${sql.ref(c)}) like ${contains(t)}`),
          sql` or `,
        )})`,
    ),
    sql` and `,
  )})`;
}

/**
 * A school's title words for "did you mean" are kept until its entries change (or a minute passes:
 * publish windows open without a write). A suggestion is searched for before it is offered, so a
 * word kept too long can only offer less, never a wrong one.
 */
const VOCABULARY_TTL_MS = 60_000;
const VOCABULARY_SCHOOLS = 20;

export function searchRepository(db: Db, options: { index?: boolean } = {}): SearchRepository {
  const sqlite = isSqlite(db);
  const index = options.index ?? true;
  const vocabularies = new Map<string, { words: Map<string, number>; version: string; until: number }>();
  const entries = () => db.selectFrom('search_entries as e');
  return {
    async search(q) {
      const titleMatch = titleHasAll(q.terms);
      // First the page's ids, ordered, with the total: only the short columns of every match are read.
      const page = await entries()
        .select('e.id')
        .select(sql<number | string>`count(*) over ()`.as('total'))
        .where('e.school_code', '=', q.code)
        .where('e.lang', '=', q.lang)
        .where(matchAll(sqlite, q.terms, index))
        .where(publicNow(q.now, q.today))
        .orderBy(sql`case when ${titleMatch} then 0 else 1 end`)
        .orderBy('e.recent', 'desc')
        .orderBy('e.id')
        .limit(q.limit)
        .offset(q.offset)
        .execute();
      if (page.length > 0) {
        // Then the texts of those ten rows alone.
        const ids = page.map((r) => Number(r.id));
        const texts = await db
          .selectFrom('search_entries as e')
          .innerJoin('search_texts as t', 't.id', 'e.id')
          .select(['e.id', 'e.kind', 'e.item_id', 't.title', 't.body', 'e.path', 'e.date'])
          .where('e.id', 'in', ids)
          .execute();
        const byId = new Map(texts.map((r) => [Number(r.id), r]));
        const rows = ids.map((id) => byId.get(id)).filter((r) => r !== undefined) as EntryRow[];
        return { total: Number(page[0]?.total ?? 0), rows };
      }
      if (q.offset === 0) return { total: 0, rows: [] };
      // Past the last page: the total alone.
      const counted = await entries()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('e.school_code', '=', q.code)
        .where('e.lang', '=', q.lang)
        .where(matchAll(sqlite, q.terms, index))
        .where(publicNow(q.now, q.today))
        .executeTakeFirstOrThrow();
      return { total: Number(counted.n), rows: [] };
    },
    async vocabulary(q) {
      const key = `${q.code} ${q.lang}`;
      // Every write of the school's entries replaces rows, so their newest id and count move with it.
      const stamp = await entries()
        .select((eb) => [eb.fn.max('e.id').as('newest'), eb.fn.countAll<number | string>().as('n')])
        .where('e.school_code', '=', q.code)
        .executeTakeFirstOrThrow();
      const version = `${String(stamp.newest)} ${String(stamp.n)}`;
      const held = vocabularies.get(key);
      if (held && held.version === version && held.until > Date.now()) return held.words;
      // Titles: the words a visitor remembers and misspells.
      const rows = await entries()
        .select('e.folded_title')
        .where('e.school_code', '=', q.code)
        .where('e.lang', '=', q.lang)
        .where(publicNow(q.now, q.today))
        .execute();
      const counts = new Map<string, number>();
      for (const { folded_title } of rows)
        for (const word of folded_title.match(/[a-z]+/g) ?? []) if (LATIN_WORD.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
      vocabularies.delete(key);
      vocabularies.set(key, { words: counts, version, until: Date.now() + VOCABULARY_TTL_MS });
      // A few schools' words at most (the oldest leaves first).
      for (const oldest of vocabularies.keys()) {
        if (vocabularies.size <= VOCABULARY_SCHOOLS) break;
        vocabularies.delete(oldest);
      }
      return counts;
    },
  };
}

/** With no result: queries with one Latin-script word replaced by the nearest the site uses (at most three). */
export function suggestionsFor(terms: readonly string[], vocabulary: ReadonlyMap<string, number>): string[] {
  const replaced = terms.map((t) => (LATIN_WORD.test(t) ? (nearestWord(t, vocabulary) ?? t) : t));
  if (replaced.every((t, i) => t === terms[i])) return [];
  return [replaced.join(' ')];
}
