import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { MENU_GROUPS, pagesOf } from '../../lib/site-map';
import { useSitePages } from '../../lib/site-pages';
import { ChevronIcon, HouseIcon, MenuIcon } from './icons';
import { useI18n } from '../../i18n/i18n';
import { pageTitle } from '../../i18n/pages';
import { pathWithoutLocale } from '@sthsm/contract/languages';

/** SPEC §9: the menu is open at this width and wider, collapsed behind the toggle below it. */
export const MENU_BREAKPOINT_PX = 991;
const WIDE_QUERY = `(min-width: ${MENU_BREAKPOINT_PX}px)`;

/**
 * The main menu. CSS decides the first paint (open at ≥ 991 px, collapsed below), so nothing
 * moves after hydration; the toggle's state only matters below the breakpoint and follows
 * window resizes. Submenus are disclosure buttons (WAI-ARIA disclosure navigation pattern).
 */
const NO_SCRIPT_CSS = `
.menu-toggle { display: none !important; }
.menu[data-open] { display: flex !important; }
.menu__group:hover > .submenu, .menu__group:focus-within > .submenu { display: block; }
@media (max-width: ${MENU_BREAKPOINT_PX - 0.02}px) { .submenu[hidden] { display: block; } }
`;

function subscribeToWidth(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isWide = () => window.matchMedia(WIDE_QUERY).matches;
/** On the server the width is unknown: CSS lays the menu out, so "narrow" is a safe guess. */
const isWideOnServer = () => false;

export function MainMenu() {
  const wide = useSyncExternalStore(subscribeToWidth, isWide, isWideOnServer);
  const [openNarrow, setOpenNarrow] = useState(false);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const baseId = useId();
  const sitePages = useSitePages();
  const { t, path } = useI18n();
  const here = pathWithoutLocale(location.pathname).toLowerCase();
  // Open at 991 px and wider, otherwise as the toggle left it (SPEC §2, §4).
  const open = wide || openNarrow;

  // A resize across the breakpoint or a navigation resets the menu (React's "adjust state
  // while rendering" pattern rather than an effect).
  const resetKey = `${wide}|${location.pathname}|${location.search}`;
  const [seenKey, setSeenKey] = useState(resetKey);
  if (seenKey !== resetKey) {
    setSeenKey(resetKey);
    setOpenNarrow(false);
    setOpenGroup(null);
  }

  // A click or tap outside the menu closes an open submenu.
  useEffect(() => {
    if (openGroup === null) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenGroup(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openGroup]);

  // Escape closes the open submenu (focus back on its button), else the narrow menu.
  useEffect(() => {
    const nav = navRef.current;
    if (!nav || (openGroup === null && !openNarrow)) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (openGroup !== null) {
        setOpenGroup(null);
        document.getElementById(`${baseId}-button-${openGroup}`)?.focus();
      } else {
        setOpenNarrow(false);
        toggleRef.current?.focus();
      }
    };
    nav.addEventListener('keydown', onKeyDown);
    return () => nav.removeEventListener('keydown', onKeyDown);
  }, [openGroup, openNarrow, baseId]);

  // Links close the menu even when they lead to the page already shown.
  function closeAll() {
    setOpenGroup(null);
    setOpenNarrow(false);
  }

  const menuId = `${baseId}-menu`;
  return (
    <nav className="main-nav" aria-label={t('shell.menuRegion')} ref={navRef}>
      {/* Without scripts the buttons cannot work: show submenus on hover/focus (wide) or all of them (narrow). */}
      <noscript>
        <style>{NO_SCRIPT_CSS}</style>
      </noscript>
      <div className="container main-nav__bar">
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpenNarrow(!open)}
        >
          <MenuIcon size={22} />
          <span>{t('shell.menuToggle')}</span>
        </button>
        <ul id={menuId} className="menu" data-open={open ? 'true' : 'false'}>
          <li className="menu__item">
            <NavLink to={path('/')} end className="menu__link menu__link--home" onClick={closeAll}>
              <HouseIcon size={20} />
              <span className="visually-hidden">{t('menu.Home')}</span>
            </NavLink>
          </li>
          {MENU_GROUPS.map((group, index) => {
            const pages = pagesOf(group, sitePages);
            // A group whose pages the school has not published yet is left out (decision 0134).
            if (pages.length === 0) return null;
            if (group === 'Contact Us' || pages.length === 1) {
              const only = pages[0];
              return only ? (
                <li className="menu__item" key={group}>
                  <NavLink to={path(only.path)} className="menu__link" onClick={closeAll}>
                    {t(`menu.${group}`)}
                  </NavLink>
                </li>
              ) : null;
            }
            const key = String(index);
            const expanded = openGroup === key;
            const submenuId = `${baseId}-submenu-${key}`;
            const current = pages.some((p) => p.path.toLowerCase() === here);
            return (
              <li className="menu__item menu__group" key={group}>
                <button
                  id={`${baseId}-button-${key}`}
                  type="button"
                  className="menu__link menu__button"
                  data-current={current ? 'true' : undefined}
                  aria-expanded={expanded}
                  aria-controls={submenuId}
                  onClick={() => setOpenGroup(expanded ? null : key)}
                >
                  {t(`menu.${group}`)}
                  <ChevronIcon />
                </button>
                <ul id={submenuId} className="submenu" hidden={!expanded}>
                  {pages.map((p) => (
                    <li key={p.path}>
                      <NavLink to={path(p.path)} className="submenu__link" onClick={closeAll}>
                        {pageTitle(t, p)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
          <li className="menu__item">
            <Link to={path('/')} className="menu__link menu__link--studio" onClick={closeAll}>
              {t('shell.studio')}
            </Link>
          </li>
        </ul>
      </div>
    </nav>
  );
}
