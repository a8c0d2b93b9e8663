import { SearchIcon } from './icons';

/**
 * The header's search box on every public page: a plain GET form to /search, so it works before
 * and without any script (the results page is server-rendered). Beside the Subscribe link on wide
 * screens; below 991 px, where the menu collapses, site.css sets it beside the Menu button, where a
 * phone has room and the header grows no taller.
 */
export function SiteSearch() {
  return (
    <search className="site-search" aria-label="Site">
      <form method="get" action="/search" className="site-search__form">
        <label htmlFor="site-search-q" className="visually-hidden">
          Search the site
        </label>
        <input id="site-search-q" className="site-search__input" type="search" name="q" placeholder="Search" enterKeyHint="search" />
        <button type="submit" className="site-search__button">
          <SearchIcon size={20} />
          <span className="visually-hidden">Search</span>
        </button>
      </form>
    </search>
  );
}
