import { Link } from 'react-router';
import type { SchoolProfile } from '@sthsm/contract/profile';
import { EmailLink, PhoneLinks, SocialLinks } from './contact-links';
import { VisitorCount } from './visitor-count';

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
  return (
    <nav aria-labelledby="footer-links">
      <h2 id="footer-links" className="footer-title">
        Quick Links
      </h2>
      <ul className="footer-links">
        {QUICK_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The footer of every page (SPEC §2 "Footer"). Without the school's profile (the API and every
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
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-school">
          <h2 id="footer-school" className="footer-title">
            {school.name}
          </h2>
          <p className="footer-tagline">{school.tagline}</p>
          <h3 className="footer-subtitle">Location</h3>
          <address className="footer-address">
            {school.addressLine}
            <br />
            <a href={school.map.linkUrl} target="_blank" rel="noopener noreferrer">
              View on map<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </address>
          <SocialLinks social={school.social} className="footer-social" />
        </section>

        <QuickLinks />

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="footer-title">
            Contact
          </h2>
          <PhoneLinks phones={school.phones} className="footer-contacts" />
          <ul className="contact-list footer-contacts">
            <li>
              <EmailLink email={school.email} />
            </li>
            <li>
              <a href={school.website}>{school.website.replace(/^https?:\/\//, '')}</a>
            </li>
          </ul>
          <VisitorCount code={code} />
        </section>

        <section aria-labelledby="footer-app">
          <h2 id="footer-app" className="footer-title">
            Mobile App
          </h2>
          <p>
            Download the {school.app.name} app and sign in with the school code{' '}
            <strong className="school-code">{school.app.schoolCode}</strong>.
          </p>
          <ul className="app-links">
            <li>
              <a className="btn btn--light" href={school.app.androidUrl} target="_blank" rel="noopener noreferrer">
                Get it on Google Play<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a className="btn btn--light" href={school.app.iosUrl} target="_blank" rel="noopener noreferrer">
                Download on the App Store<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </section>

        <div className="footer-map">
          <iframe
            title={`Map showing the location of ${school.name}`}
            src={school.map.embedUrl}
            loading="lazy"
            // The map is another origin: allow-same-origin lets it keep its own origin, it cannot reach ours.
            // oxlint-disable-next-line react/iframe-missing-sandbox
            sandbox="allow-scripts allow-same-origin allow-popups"
            // No referrerPolicy: the page's own (strict-origin-when-cross-origin) applies, so the map
            // provider learns the site's origin, never the page's path or search terms.
          />
        </div>
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom__inner">
          <p>{`© Copyright ${school.copyrightYear} ${school.name}. All rights reserved.`}</p>
          <p>
            Designed and developed by{' '}
            <a href={school.developer.url} target="_blank" rel="noopener noreferrer">
              {school.developer.name}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
