import { z } from './zod.ts';

// The languages a school's public site can be read in (issue 35): English always, and up to two of
// the Eighth Schedule's languages most read by CISCE schools' parents. Each is a URL prefix
// (/hi/news), a `lang` and `dir` on the page, and a message catalogue (web/app/i18n/<code>.json).
// Languages are a dimension of the interface and of content, never a copy of the site.

export const SITE_LANGUAGES = ['hi', 'bn', 'mr', 'ta', 'te', 'kn', 'gu', 'ml', 'or', 'pa', 'ur'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];
/** English, the language every school's site is written in first. */
export type Locale = 'en' | SiteLanguage;

/** At most this many languages beside English. */
export const MAX_SITE_LANGUAGES = 2;

export interface LanguageInfo {
  /** The language's name in its own script (what the switcher shows). */
  name: string;
  /** Its name in English (what the staff settings show beside it). */
  english: string;
  /** The page's `lang`: the language as written in India. */
  tag: string;
  dir: 'ltr' | 'rtl';
}

export const LANGUAGES: Readonly<Record<Locale, LanguageInfo>> = {
  en: { name: 'English', english: 'English', tag: 'en-IN', dir: 'ltr' },
  hi: { name: 'हिन्दी', english: 'Hindi', tag: 'hi-IN', dir: 'ltr' },
  bn: { name: 'বাংলা', english: 'Bengali', tag: 'bn-IN', dir: 'ltr' },
  mr: { name: 'मराठी', english: 'Marathi', tag: 'mr-IN', dir: 'ltr' },
  ta: { name: 'தமிழ்', english: 'Tamil', tag: 'ta-IN', dir: 'ltr' },
  te: { name: 'తెలుగు', english: 'Telugu', tag: 'te-IN', dir: 'ltr' },
  kn: { name: 'ಕನ್ನಡ', english: 'Kannada', tag: 'kn-IN', dir: 'ltr' },
  gu: { name: 'ગુજરાતી', english: 'Gujarati', tag: 'gu-IN', dir: 'ltr' },
  ml: { name: 'മലയാളം', english: 'Malayalam', tag: 'ml-IN', dir: 'ltr' },
  or: { name: 'ଓଡ଼ିଆ', english: 'Odia', tag: 'or-IN', dir: 'ltr' },
  pa: { name: 'ਪੰਜਾਬੀ', english: 'Punjabi', tag: 'pa-IN', dir: 'ltr' },
  ur: { name: 'اردو', english: 'Urdu', tag: 'ur-IN', dir: 'rtl' },
};

export const isSiteLanguage = (value: string): value is SiteLanguage => (SITE_LANGUAGES as readonly string[]).includes(value);

/** A school's languages beside English: each once, at most two. */
export const siteLanguagesSchema = z
  .array(
    z.enum(SITE_LANGUAGES, { error: `Choose a language from the list: ${SITE_LANGUAGES.map((l) => LANGUAGES[l].english).join(', ')}.` }),
  )
  .max(MAX_SITE_LANGUAGES, { error: `Choose at most ${MAX_SITE_LANGUAGES} languages beside English.` })
  .refine((list) => new Set(list).size === list.length, { error: 'Choose each language once.' });

/**
 * The language of a public address: its first segment when that is a language of the list
 * (`/hi/news` → hi, `/HI` → hi), else English. Whether the school offers it is the caller's question.
 */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  return isSiteLanguage(first) ? first : 'en';
}

/** The address without its language prefix (`/hi/news` → /news, `/hi` → /). */
export function pathWithoutLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === 'en') return pathname;
  const rest = pathname.slice(locale.length + 1);
  return rest === '' ? '/' : rest;
}

/** A site path in a language (`/news` in hi → /hi/news; `/` in hi → /hi; English keeps it). */
export function localePath(locale: Locale, path: string): string {
  if (locale === 'en' || !path.startsWith('/')) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
