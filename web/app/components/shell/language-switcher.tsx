import { LANGUAGES, pathWithoutLocale, type Locale } from '@sthsm/contract/languages';
import { useLocation } from 'react-router';
import { localizedPath, useI18n } from '../../i18n/i18n';
import { useRootData } from '../../lib/root-data';

/**
 * The same page in each other language the school offers (issue 35), each named in its own words
 * and marked with its `lang`: the address keeps the page and its query (/news?year=2025 ↔
 * /hi/news?year=2025). Plain links: they work before the page has started and without JavaScript.
 * Only the other languages show (the page is in this one), so a phone's header stays one line.
 * Nothing shows for a school that offers English alone.
 */
export function LanguageSwitcher() {
  const { school } = useRootData();
  const { locale, t } = useI18n();
  const { pathname, search } = useLocation();
  const offered = school?.languages ?? [];
  if (offered.length === 0) return null;
  const page = pathWithoutLocale(pathname);
  const locales = (['en', ...offered] as Locale[]).filter((l) => l !== locale);
  return (
    <nav className="language-switcher" aria-label={t('shell.languages')}>
      <ul>
        {locales.map((l) => (
          <li key={l}>
            <a href={localizedPath(l, `${page}${search}`)} lang={LANGUAGES[l].tag} dir={LANGUAGES[l].dir} hrefLang={LANGUAGES[l].tag}>
              {LANGUAGES[l].name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
