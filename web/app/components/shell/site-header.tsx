import { Link } from 'react-router';
import type { SchoolProfile } from '@sthsm/contract/profile';
import { MainMenu } from './main-menu';
import { PhoneLinks, SocialLinks } from './contact-links';

/**
 * Top bar (phones, social, parent login), the school's name, and the main menu (SPEC §2). Without
 * the school's profile (the API and every fallback failed) the bar is left out and the code names it.
 */
export function SiteHeader({ school, code }: { school: SchoolProfile | null; code: string }) {
  return (
    <header className="site-header">
      {school ? (
        <div className="topbar">
          <div className="container topbar__inner">
            <PhoneLinks phones={school.phones} className="topbar__phones" />
            <div className="topbar__end">
              <SocialLinks social={school.social} className="topbar__social" />
              <a className="topbar__login" href={school.parentPortal.loginUrl} target="_blank" rel="noopener noreferrer">
                Parent Login<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </div>
          </div>
        </div>
      ) : null}
      <div className="container brand">
        <Link to="/" className="brand__link">
          <img src="/favicon.svg" width={56} height={56} alt="" className="brand__crest" />
          <span className="brand__text">
            <span className="brand__name">{school?.name ?? code}</span>
            {school ? <span className="brand__tagline">{school.tagline}</span> : null}
          </span>
        </Link>
      </div>
      <MainMenu />
    </header>
  );
}
