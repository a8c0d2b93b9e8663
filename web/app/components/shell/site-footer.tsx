import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SchoolProfile } from '@sthsm/contract/profile';
import { EmailLink, PhoneLinks, SocialLinks } from './contact-links';
import { VisitorCount } from './visitor-count';
import { useIsListed } from '../../lib/site-pages';
import { useI18n } from '../../i18n/i18n';
import { SchoolText } from '../english-note';
import type { MessageKey } from '../../i18n/catalogue';

/** The app's school code, set off from the sentence. */
const schoolCodeTag = (chunks: ReactNode[]) => <strong className="school-code">{chunks}</strong>;

const QUICK_LINKS: ReadonlyArray<{ to: string; label: MessageKey }> = [
  { to: '/parent-portal', label: 'shell.link.parent-portal' },
  { to: '/erp-software', label: 'shell.link.erp-software' },
  { to: '/sitemap', label: 'shell.link.sitemap' },
  { to: '/careers', label: 'shell.link.careers' },
  { to: '/alumni', label: 'shell.link.alumni' },
  { to: '/accessibility', label: 'shell.link.accessibility' },
  { to: '/privacy', label: 'shell.link.privacy' },
];

function QuickLinks() {
  // An information page the school has not published is not linked (its address is a 404).
  const listed = useIsListed();
  const { t, path } = useI18n();
  return (
    <nav aria-labelledby="footer-links">
      <h2 id="footer-links" className="footer-title">
        {t('shell.quickLinks')}
      </h2>
      <ul className="footer-links">
        {QUICK_LINKS.filter((link) => listed(link.to)).map((link) => (
          <li key={link.to}>
            <Link to={path(link.to)}>{t(link.label)}</Link>
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
  const { t, rich, contentLang, contentDir } = useI18n();
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
            <SchoolText>{school.name}</SchoolText>
          </h2>
          {school.tagline ? (
            <p className="footer-tagline" lang={contentLang} dir={contentDir}>
              {school.tagline}
            </p>
          ) : null}
          {school.addressLine || map ? (
            <>
              <h3 className="footer-subtitle">{t('shell.location')}</h3>
              <address className="footer-address">
                {school.addressLine ? <SchoolText>{school.addressLine}</SchoolText> : null}
                {school.addressLine && map ? <br /> : null}
                {map ? (
                  <a href={map.linkUrl} target="_blank" rel="noopener noreferrer">
                    {t('shell.viewOnMap')}
                    <span className="visually-hidden">{t('shell.newTab')}</span>
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
            {t('shell.contact')}
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
              {t('shell.mobileApp')}
            </h2>
            <p>
              {rich('shell.appLine', {
                app: <SchoolText>{app.name}</SchoolText>,
                code: app.schoolCode,
                b: schoolCodeTag,
              })}
            </p>
            <ul className="app-links">
              <li>
                <a className="btn btn--light" href={app.androidUrl} target="_blank" rel="noopener noreferrer">
                  {t('shell.googlePlay')}
                  <span className="visually-hidden">{t('shell.newTab')}</span>
                </a>
              </li>
              <li>
                <a className="btn btn--light" href={app.iosUrl} target="_blank" rel="noopener noreferrer">
                  {t('shell.appStore')}
                  <span className="visually-hidden">{t('shell.newTab')}</span>
                </a>
              </li>
            </ul>
          </section>
        ) : null}

        {map ? (
          <div className="footer-map">
            <iframe
              title={t('shell.mapTitle', { school: school.name })}
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
          <p>
            {school.copyrightYear === undefined
              ? t('shell.copyrightNoYear', { school: school.name })
              : t('shell.copyright', { school: school.name, year: String(school.copyrightYear) })}
          </p>
          {developer ? (
            <p>
              {t('shell.developedBy')}{' '}
              <a href={developer.url} target="_blank" rel="noopener noreferrer">
                <SchoolText>{developer.name}</SchoolText>
              </a>
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
