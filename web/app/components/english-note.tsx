import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';

/**
 * On a page in another language, the one line before text the school wrote in English and has not
 * translated (issue 35: a page without a translation shows the English text with a note in the
 * visitor's language). The text itself carries lang="en" (useI18n().textLang). Nothing on an
 * English page, nor before an item the school translated (`lang`: the language of its text).
 */
export function EnglishNote({ lang }: { lang?: string | undefined } = {}) {
  const { t, textLang } = useI18n();
  // Nothing before text in the page's language (an item translated: `lang` from the API).
  if (!textLang(lang)) return null;
  return <p className="english-note">{t('shell.englishContent')}</p>;
}

/**
 * Text the school wrote, inside words of the page's language: marked lang="en" on a page in another
 * language (so a screen reader reads it as English), and left as plain text on an English page.
 */
export function SchoolText({ children }: { children: ReactNode }) {
  const { contentLang, contentDir } = useI18n();
  return contentLang ? (
    <span lang={contentLang} dir={contentDir}>
      {children}
    </span>
  ) : (
    children
  );
}
