import { Link, NavLink } from 'react-router';
import type { SchoolProfile } from '@sthsm/contract/profile';
import { iconUrl } from '../../lib/brand';
import { MainMenu } from './main-menu';
import { PhoneLinks, SocialLinks } from './contact-links';
import { SiteSearch } from './site-search';
import { LanguageSwitcher } from './language-switcher';
import { useI18n } from '../../i18n/i18n';

/** The bell of the Subscribe link (decorative: the link's text names it). */
function BellIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z" />
    </svg>
  );
}

/**
 * Top bar (phones, social, parent login), the school's crest and name, and the main menu (SPEC §2).
 * What the school has not given is left out: no crest without one (never another school's), no
 * top bar without a phone, a network or a parent login. Without the school's profile (the API and
 * every fallback failed) the code names it. Beside the name, the Subscribe link (parents hear from
 * the school by e-mail or notification) and the search box.
 */
export function SiteHeader({ school, code }: { school: SchoolProfile | null; code: string }) {
  const loginUrl = school?.parentPortal?.loginUrl;
  const social = school?.social && Object.values(school.social).some(Boolean);
  const topbar = Boolean(school?.phones?.length || social || loginUrl);
  const { t, path, contentLang, contentDir } = useI18n();
  return (
    <header className="site-header">
      {school && topbar ? (
        <div className="topbar">
          <div className="container topbar__inner">
            <PhoneLinks phones={school.phones} className="topbar__phones" />
            <div className="topbar__end">
              <SocialLinks social={school.social} className="topbar__social" />
              {loginUrl ? (
                <a className="topbar__login" href={loginUrl} target="_blank" rel="noopener noreferrer">
                  {t('shell.parentLogin')}
                  <span className="visually-hidden">{t('shell.newTab')}</span>
                </a>
              ) : null}
            </div>
          </div>
        </div>
      ) : null}
      <div className="container brand">
        <Link to={path('/')} className="brand__link">
          {school?.brand?.crest ? <img src={iconUrl(code, 192)} width={56} height={56} alt="" className="brand__crest" /> : null}
          <span className="brand__text">
            {/* The school's own words: English until content has other languages (lang on a page in another). */}
            <span className="brand__name" lang={contentLang} dir={contentDir}>
              {school?.name ?? code}
            </span>
            {school?.tagline ? (
              <span className="brand__tagline" lang={contentLang} dir={contentDir}>
                {school.tagline}
              </span>
            ) : null}
          </span>
        </Link>
        {/* A full page load: /subscribe's notifications are its island's, which only a page load brings. */}
        <LanguageSwitcher />
        <NavLink to={path('/subscribe')} end className="brand__subscribe" reloadDocument>
          <BellIcon />
          {/* "Subscribe to news": the Events page has the calendar's own Subscribe link. */}
          <span>
            {t('shell.subscribe')}
            <span className="visually-hidden">{t('shell.subscribeHidden')}</span>
          </span>
        </NavLink>
        <SiteSearch />
      </div>
      <MainMenu />
    </header>
  );
}
