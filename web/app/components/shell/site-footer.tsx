import { Link } from 'react-router';
import type { SchoolProfile } from '@sthsm/contract/profile';
import { EmailLink, PhoneLinks, SocialLinks } from './contact-links';
import { VisitorCount } from './visitor-count';
import { useIsListed } from '../../lib/site-pages';

const QUICK_LINKS = [
  { to: '/parent-portal', label: 'Parent Portal' },
  { to: '/erp-software', label: 'ERP Software' },
  { to: '/sitemap', label: 'Sitemap' },
  { to: '/careers', label: 'Careers' },
  { to: '/alumni', label: 'Alumni' },
  { to: '/accessibility', label: 'Accessibility' },
  { to: '/privacy', label: 'Privacy' },
];

function QuickLinks() {
  // An information page the school has not published is not linked (its address is a 404).
  const listed = useIsListed();
  return (
    <nav aria-labelledby="footer-links">
      <h2 id="footer-links" className="footer-title">
        Quick Links
      </h2>
      <ul className="footer-links">
        {QUICK_LINKS.filter((link) => listed(link.to)).map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The footer of every page (SPEC §2 "Footer"): what the school has given, each part left out when
 * it has nothing to show (docs/decisions/0132). Without the school's profile (the API and every
 * fallback failed) it keeps the quick links and the visitor count.
 */
export function SiteFooter({ school, code }: { school: SchoolProfile | null; code: string }) {
  if (!school) {
    return (
      <footer className="site-footer">
        <div className="container footer-grid">
          <QuickLinks />
          <VisitorCount code={code} />
        </div>
      </footer>
    );
  }
  const { map, app, developer } = school;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-school">
          <h2 id="footer-school" className="footer-title">
            {school.name}
          </h2>
          {school.tagline ? <p className="footer-tagline">{school.tagline}</p> : null}
          {school.addressLine || map ? (
            <>
              <h3 className="footer-subtitle">Location</h3>
              <address className="footer-address">
                {school.addressLine}
                {school.addressLine && map ? <br /> : null}
                {map ? (
                  <a href={map.linkUrl} target="_blank" rel="noopener noreferrer">
                    View on map<span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : null}
              </address>
            </>
          ) : null}
          <SocialLinks social={school.social} className="footer-social" />
        </section>

        <QuickLinks />

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-title">
            Contact
          </h2>
          <PhoneLinks phones={school.phones} className="footer-contacts" />
          {school.email || school.website ? (
            <ul className="contact-list footer-contacts">
              {school.email ? (
                <li>
                  <EmailLink email={school.email} />
                </li>
              ) : null}
              {school.website ? (
                <li>
                  <a href={school.website}>{school.website.replace(/^https?:\/\//, '')}</a>
                </li>
              ) : null}
            </ul>
          ) : null}
          <VisitorCount code={code} />
        </section>

        {app ? (
          <section aria-labelledby="footer-app">
            <h2 id="footer-app" className="footer-title">
              Mobile App
            </h2>
            <p>
              Download the {app.name} app and sign in with the school code <strong className="school-code">{app.schoolCode}</strong>.
            </p>
            <ul className="app-links">
              <li>
                <a className="btn btn--light" href={app.androidUrl} target="_blank" rel="noopener noreferrer">
                  Get it on Google Play<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
              <li>
                <a className="btn btn--light" href={app.iosUrl} target="_blank" rel="noopener noreferrer">
                  Download on the App Store<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            </ul>
          </section>
        ) : null}

        {map ? (
          <div className="footer-map">
            <iframe
              title={`Map showing the location of ${school.name}`}
              src={map.embedUrl}
              loading="lazy"
              // The map is another origin: allow-same-origin lets it keep its own origin, it cannot reach ours.
              // oxlint-disable-next-line react/iframe-missing-sandbox
              sandbox="allow-scripts allow-same-origin allow-popups"
              // No referrerPolicy: the page's own (strict-origin-when-cross-origin) applies, so the map
              // provider learns the site's origin, never the page's path or search terms.
            />
          </div>
        ) : null}
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom__inner">
          <p>{`© Copyright ${school.copyrightYear === undefined ? '' : `${school.copyrightYear} `}${school.name}. All rights reserved.`}</p>
          {developer ? (
            <p>
              Designed and developed by{' '}
              <a href={developer.url} target="_blank" rel="noopener noreferrer">
                {developer.name}
              </a>
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
