import type { Db } from '../db/index.ts';

// A school's corrections of the public site's words (docs/decisions/0155): every query is keyed by
// the school, so one school's wording never reaches another's pages.

export interface Correction {
  key: string;
  text: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** The school's corrections of one language, by key. */
export async function listCorrections(db: Db, code: string, locale: string): Promise<Correction[]> {
  const rows = await db
    .selectFrom('site_word_corrections')
    .select(['key', 'text', 'updated_at', 'updated_by'])
    .where('school_code', '=', code)
    .where('locale', '=', locale)
    .orderBy('key')
    .execute();
  return rows.map((r) => ({ key: r.key, text: r.text, updatedAt: r.updated_at, updatedBy: r.updated_by }));
}

/** Sets (a text) or clears (null) one correction; the text it had before (null: none). */
export async function saveCorrection(
  trx: Db,
  code: string,
  locale: string,
  key: string,
  text: string | null,
  by: { id: string; at: Date },
): Promise<string | null> {
  const before = await trx
    .selectFrom('site_word_corrections')
    .select('text')
    .where('school_code', '=', code)
    .where('locale', '=', locale)
    .where('key', '=', key)
    .executeTakeFirst();
  if (text !== null && before?.text === text) return text;
  if (text === null) {
    if (before)
      await trx
        .deleteFrom('site_word_corrections')
        .where('school_code', '=', code)
        .where('locale', '=', locale)
        .where('key', '=', key)
        .execute();
    return before?.text ?? null;
  }
  const values = { text, updated_at: by.at.toISOString(), updated_by: by.id };
  await trx
    .insertInto('site_word_corrections')
    .values({ school_code: code, locale, key, ...values })
    .onConflict((oc) => oc.columns(['school_code', 'locale', 'key']).doUpdateSet(values))
    .execute();
  return before?.text ?? null;
}
