import { LANGUAGES, type Locale } from '@sthsm/contract/languages';
import { correctionProblem } from '@sthsm/contract/message-check';
import { ENGLISH_MESSAGES, isMessageKey, MESSAGE_PARTS, messagePartOf, type MessageKey, type MessagePart } from '@sthsm/contract/messages';
import { catalogueOf } from '../../i18n/catalogues.server';
import { loadSchoolProfile } from '../school-data.server';
import { currentSchool } from '../school.server';
import { adminApi, schoolPath } from './admin-api.server';
import { TEXT_FIELD } from './words';

// "Words on the site" for /admin/words (docs/staff.md): the messages of one language and part of the
// site with the school's corrections, and what a post of the form changes. The API checks every
// text again with the same rule (@sthsm/contract/message-check).

export const WORDS_PAGE_SIZE = 40;

export interface Correction {
  key: string;
  text: string;
  updatedAt: string;
}

export interface WordRow {
  key: MessageKey;
  part: MessagePart;
  english: string;
  /** The catalogue's text in the language chosen. */
  standard: string;
  /** The school's text, or null for the catalogue's. */
  correction: string | null;
}

/** The languages a school's words can be corrected in: English and those it offers that have a catalogue. */
export async function correctableLanguages(request: Request): Promise<Locale[]> {
  const school = await loadSchoolProfile(currentSchool(request));
  return ['en', ...(school?.languages ?? []).filter((l) => catalogueOf(l))];
}

export function standardText(locale: Locale, key: MessageKey): string {
  return catalogueOf(locale)?.[key] ?? ENGLISH_MESSAGES[key];
}

export async function loadCorrections(request: Request, locale: Locale) {
  return adminApi<{ locale: string; offered: boolean; words: Correction[] }>(request, `${schoolPath(request)}/words/${locale}`);
}

/** The messages of `part` (or every part) whose English, standard or corrected text, or key, has `q`. */
export function wordRows(locale: Locale, corrections: readonly Correction[], part: MessagePart | 'all', q: string): WordRow[] {
  const corrected = new Map(corrections.map((c) => [c.key, c.text]));
  const needle = q.trim().toLocaleLowerCase();
  const keys = (part === 'all' ? Object.keys(ENGLISH_MESSAGES) : Object.keys(MESSAGE_PARTS[part])) as MessageKey[];
  return keys
    .map((key) => ({
      key,
      part: messagePartOf(key),
      english: ENGLISH_MESSAGES[key],
      standard: standardText(locale, key),
      correction: corrected.get(key) ?? null,
    }))
    .filter(
      (row) =>
        !needle || [row.key, row.english, row.standard, row.correction ?? ''].some((text) => text.toLocaleLowerCase().includes(needle)),
    );
}

/** Browsers send a textarea's lines with CRLF. */
const lines = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * What a post of the form changes: each field whose text differs from what is shown now (the
 * correction, else the standard text); the standard text again is no correction; `reset` goes back
 * to the standard wording. Each text is checked with the contract's rule; `errors` by key.
 */
export function changesOf(
  locale: Locale,
  corrections: readonly Correction[],
  values: Readonly<Record<string, string>>,
  reset: string,
): { words: Record<string, string | null>; errors: Record<string, string> } {
  const corrected = new Map(corrections.map((c) => [c.key, c.text]));
  const words: Record<string, string | null> = {};
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!name.startsWith(TEXT_FIELD)) continue;
    const key = name.slice(TEXT_FIELD.length);
    if (!isMessageKey(key) || key === reset) continue;
    const typed = lines(value);
    const standard = standardText(locale, key);
    const current = corrected.get(key) ?? standard;
    if (typed === current) continue;
    if (typed === standard) {
      words[key] = null;
      continue;
    }
    const problem = correctionProblem(key, typed);
    if (problem) errors[key] = problem;
    else words[key] = typed;
  }
  if (isMessageKey(reset) && corrected.has(reset)) words[reset] = null;
  return { words, errors };
}

/** A language's name for staff: "Hindi (हिन्दी)", "English". */
export const languageName = (locale: Locale) => (locale === 'en' ? 'English' : `${LANGUAGES[locale].english} (${LANGUAGES[locale].name})`);
