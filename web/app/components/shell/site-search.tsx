import { SearchIcon } from './icons';
import { useI18n } from '../../i18n/i18n';

/**
 * The header's search box on every public page: a plain GET form to /search, so it works before
 * and without any script (the results page is server-rendered). Beside the Subscribe link on wide
 * screens; below 991 px, where the menu collapses, site.css sets it beside the Menu button, where a
 * phone has room and the header grows no taller.
 */
export function SiteSearch() {
  const { t, path } = useI18n();
  return (
    <search className="site-search" aria-label={t('shell.searchRegion')}>
      <form method="get" action={path('/search')} className="site-search__form">
        <label htmlFor="site-search-q" className="visually-hidden">
          {t('shell.searchLabel')}
        </label>
        <input
          id="site-search-q"
          className="site-search__input"
          type="search"
          name="q"
          placeholder={t('shell.searchPlaceholder')}
          enterKeyHint="search"
        />
        <button type="submit" className="site-search__button">
          <SearchIcon size={20} />
          <span className="visually-hidden">{t('shell.searchButton')}</span>
        </button>
      </form>
    </search>
  );
}
