import type { Locale } from '@sthsm/contract/languages';
import { correctionProblem, correctionsAnswerSchema } from '@sthsm/contract/message-check';
import { isMessageKey, type MessageKey } from '@sthsm/contract/messages';
import { getAnswer } from '../lib/api.server';
import { catalogueOf } from './catalogues.server';
import type { Messages } from './catalogue';

// A school's corrections of the site's words (docs/staff.md "Words on the site"): read from the API
// (GET /api/words/{locale}/{code}, cached there and dropped when the school saves one) and laid over
// the language's catalogue. A server without that endpoint (CONTRACT.md: any server speaking the
// contract) answers 404, which is no corrections; a failed call keeps the last answer this process
// had, so a passing outage does not turn a school's wording back.

type Words = Readonly<Record<string, string>>;

const lastWords = new Map<string, Words>();

async function loadWords(code: string, locale: Locale): Promise<Words> {
  const key = `${code}\n${locale}`;
  const answer = await getAnswer(`/api/words/${locale}/${encodeURIComponent(code)}`, correctionsAnswerSchema, { quietWhenMissing: true });
  if (answer.data) {
    lastWords.set(key, answer.data.words);
    return answer.data.words;
  }
  if (answer.missing) {
    lastWords.delete(key);
    return {};
  }
  return lastWords.get(key) ?? {};
}

/**
 * The merged catalogues, one per school and language, remade only when the school's wording
 * changes: its identity is what i18nOf memoizes by, so a page's words are parsed once per wording
 * and two schools' words never meet.
 */
const merged = new Map<string, { wording: string; messages: Messages | null }>();

/**
 * `locale`'s catalogue with `words` laid over it (for English: the corrections alone, the bundle
 * has the rest; null when there are none). A wording the site could not format (from a server that
 * does not check them) is left out, and the catalogue's text stands.
 */
export function withCorrections(code: string, locale: Locale, words: Words): Messages | null {
  const base = locale === 'en' ? null : catalogueOf(locale);
  const key = `${code}\n${locale}`;
  const wording = JSON.stringify(words);
  const known = merged.get(key);
  if (known?.wording === wording) return known.messages;
  const usable = Object.entries(words).filter(
    (entry): entry is [MessageKey, string] => isMessageKey(entry[0]) && correctionProblem(entry[0], entry[1]) === null,
  );
  const messages = usable.length === 0 ? base : { ...base, ...Object.fromEntries(usable) };
  merged.set(key, { wording, messages });
  return messages;
}

/** Each request's answers, so the root loader and the page's own loader ask the API once. */
const asked = new WeakMap<Request, Map<Locale, Promise<Messages | null>>>();

/** The words of `locale` for the request's school `code`: its catalogue with the school's corrections. */
export function schoolMessages(request: Request, code: string, locale: Locale): Promise<Messages | null> {
  let answers = asked.get(request);
  if (!answers) asked.set(request, (answers = new Map()));
  let messages = answers.get(locale);
  if (!messages) {
    messages = loadWords(code, locale).then((words) => withCorrections(code, locale, words));
    answers.set(locale, messages);
  }
  return messages;
}
