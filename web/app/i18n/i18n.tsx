import { createContext, createElement, Fragment, useContext, type ReactNode } from 'react';
import { IntlMessageFormat } from 'intl-messageformat';
import { LANGUAGES, localePath, type Locale } from '@sthsm/contract/languages';
import { ENGLISH, type MessageKey, type Messages } from './catalogue';
import { formatLong, MONTH_NAMES, parseDate } from '../lib/dates';

// The page's language, in one place for every component (issue 35): its words (`t`), its `lang`
// and `dir`, and its addresses (`path`: /news in Hindi is /hi/news). The root provides it from its
// loader (the language of the address, when the school offers it); the staff area stays English.

/** Values filled into a message: text and numbers. */
export type MessageValues = Readonly<Record<string, string | number>>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;
/** Values of a message with markup: a tag's function gets the words inside it (`<code>{path}</code>`). */
export type RichValues = Readonly<Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>>;
export type TranslateRich = (key: MessageKey, values: RichValues) => ReactNode;

export interface I18n {
  locale: Locale;
  /** The page's `lang` (hi-IN). */
  tag: string;
  dir: 'ltr' | 'rtl';
  t: Translate;
  /** A message with markup or elements filled in, as React nodes. */
  rich: TranslateRich;
  /**
   * The `lang` of text the school wrote in English (its content, until it is translated) on this
   * page: 'en' on a page in another language, nothing on an English page.
   */
  contentLang: 'en' | undefined;
  /**
   * The `lang` of one item's text (issue 35): nothing when it is in the page's language (an item the
   * school translated says so: `lang` from the API), 'en' on a page in another language otherwise.
   */
  textLang: (lang: string | undefined) => 'en' | undefined;
  /**
   * The `dir` of the school's English text (contentLang): 'ltr' on a right-to-left page (Urdu), so English words, numbers,
   * addresses and e-mail addresses keep their order inside it; nothing elsewhere.
   */
  contentDir: 'ltr' | undefined;
  /** The `dir` of one item's text: 'ltr' where textLang is 'en' on a right-to-left page. */
  textDir: (lang: string | undefined) => 'ltr' | undefined;
  /** A day as words in this language: "14 August 2025", "14 अगस्त 2025" (the calendar day stored, in UTC). */
  longDate: (value: string | null | undefined) => string;
  /** A month's name (0: January) in this language. */
  monthName: (month: number) => string;
  /** A number as this language writes it (grouping as in India). */
  number: (n: number) => string;
  /** A site address in this language (`/news` → `/hi/news`); files, feeds and the staff area keep theirs. */
  path: (to: string) => string;
}

/** Site pages get the language prefix; the staff area, the API, files and feeds (a dot in the path) do not. */
const SITE_PATH = /^\/(?!admin(?:[/?#]|$)|api(?:[/?#]|$))[^.?#]*(?:[?#].*)?$/;

/** A site address in `locale`, keeping its query and fragment. */
export function localizedPath(locale: Locale, to: string): string {
  if (locale === 'en' || !SITE_PATH.test(to)) return to;
  const at = to.search(/[?#]/);
  const [path, rest] = at === -1 ? [to, ''] : [to.slice(0, at), to.slice(at)];
  return `${localePath(locale, path)}${rest}`;
}

/**
 * The Intl locale of a language's numbers and dates. An Urdu page writes the digits 0–9, as the
 * school's own numbers on it do (phone numbers, sessions, classes): Intl's Urdu would write ۰–۹ in
 * dates and counts beside them, two kinds of digit on one page.
 */
export function intlTag(locale: Locale): string {
  const { tag } = LANGUAGES[locale];
  return locale === 'ur' ? `${tag}-u-nu-latn` : tag;
}

/**
 * The words of `locale`: a key's text in its catalogue (English where a key has none), with `values`
 * filled in by ICU MessageFormat (plurals by the language's own rules). Formats are made once per key.
 */
export function translator(locale: Locale, messages: Messages | null): Translate {
  const tag = intlTag(locale);
  const formats = new Map<MessageKey, IntlMessageFormat>();
  return (key, values) => {
    const text = messages?.[key] ?? ENGLISH[key] ?? key;
    if (!values && !text.includes('{')) return text;
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(text, tag);
      formats.set(key, format);
    }
    return String(format.format(values));
  };
}

/** Like `translator`, for a message whose values or tags are React nodes. Formats are made once per key. */
export function richTranslator(locale: Locale, messages: Messages | null): TranslateRich {
  const tag = intlTag(locale);
  const formats = new Map<MessageKey, IntlMessageFormat>();
  return (key, values) => {
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(messages?.[key] ?? ENGLISH[key] ?? key, tag);
      formats.set(key, format);
    }
    const parts = format.format<ReactNode>(values);
    // The parts as the fragment's own children, one argument each: a fixed list, needing no keys.
    return Array.isArray(parts) ? createElement(Fragment, null, ...parts) : parts;
  };
}

/** Dates and numbers in a language: English keeps the site's own formats (lib/dates.ts). */
function formatsOf(locale: Locale, tag: string): Pick<I18n, 'longDate' | 'monthName' | 'number'> {
  const numbers = new Intl.NumberFormat(tag);
  if (locale === 'en') {
    return { longDate: formatLong, monthName: (m) => MONTH_NAMES[m] ?? '', number: (n) => numbers.format(n) };
  }
  const long = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(tag, { month: 'long', timeZone: 'UTC' });
  return {
    longDate: (value) => {
      const d = parseDate(value);
      return d ? long.format(d) : '';
    },
    monthName: (m) => month.format(Date.UTC(2000, m, 1)),
    number: (n) => numbers.format(n),
  };
}

/**
 * One I18n per language and catalogue object: its formats are parsed once, not on every request or
 * render. A school's corrected catalogue is its own object (i18n/corrections.server.ts makes it once
 * per school, language and wording), so two schools' words never meet; objects no longer used go.
 */
const made = new Map<Locale, WeakMap<Messages, I18n>>();
const plain = new Map<Locale, I18n>();

export function i18nOf(locale: Locale, messages: Messages | null): I18n {
  if (!messages) {
    const known = plain.get(locale) ?? makeI18n(locale, null);
    plain.set(locale, known);
    return known;
  }
  let byCatalogue = made.get(locale);
  if (!byCatalogue) made.set(locale, (byCatalogue = new WeakMap()));
  const known = byCatalogue.get(messages);
  if (known) return known;
  const i18n = makeI18n(locale, messages);
  byCatalogue.set(messages, i18n);
  return i18n;
}

function makeI18n(locale: Locale, messages: Messages | null): I18n {
  const { tag, dir } = LANGUAGES[locale];
  return {
    ...formatsOf(locale, intlTag(locale)),
    locale,
    tag,
    dir,
    t: translator(locale, messages),
    rich: richTranslator(locale, messages),
    contentLang: locale === 'en' ? undefined : 'en',
    textLang: (lang) => (locale === 'en' || lang === locale ? undefined : 'en'),
    contentDir: dir === 'rtl' ? 'ltr' : undefined,
    textDir: (lang) => (dir === 'rtl' && locale !== 'en' && lang !== locale ? 'ltr' : undefined),
    path: (to) => localizedPath(locale, to),
  };
}

const English = i18nOf('en', ENGLISH);
const I18nContext = createContext<I18n>(English);

/** `messages`: the page's catalogue with the school's corrections; for English only the corrections (none: null). */
export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages | null; children: ReactNode }) {
  const value = locale === 'en' && !messages ? English : i18nOf(locale, messages);
  return <I18nContext value={value}>{children}</I18nContext>;
}

/** The page's language: its words, `lang`, `dir` and addresses. */
export function useI18n(): I18n {
  return useContext(I18nContext);
}
