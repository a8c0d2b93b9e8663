import { Link } from 'react-router';
import type { ShellSchool } from '../../lib/site.server';
import { MainMenu } from './MainMenu';
import { PhoneLinks, SocialLinks } from './contact-links';

/** Top bar (phones, social, parent login), the school's name, and the main menu (SPEC §2). */
export function SiteHeader({ school }: { school: ShellSchool }) {
  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar__inner">
          <PhoneLinks phones={school.phones} className="topbar__phones" />
          <div className="topbar__end">
            <SocialLinks social={school.social} className="topbar__social" />
            <a className="topbar__login" href={school.parentLoginUrl} target="_blank" rel="noopener noreferrer">
              Parent Login<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
        </div>
      </div>
      <div className="container brand">
        <Link to="/" className="brand__link">
          <img src="/favicon.svg" width={56} height={56} alt="" className="brand__crest" />
          <span className="brand__text">
            <span className="brand__name">{school.name}</span>
            <span className="brand__tagline">{school.tagline}</span>
          </span>
        </Link>
      </div>
      <MainMenu />
    </header>
  );
}
