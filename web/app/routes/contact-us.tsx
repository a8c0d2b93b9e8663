import type { SchoolProfile } from '@sthsm/contract/profile';
import type { Route } from './+types/contact-us';
import { useI18n } from '../i18n/i18n';
import { InfoPage, SchoolPart, SchoolText } from '../components/pages/info-page';
import { SOCIAL_NETWORKS } from '../lib/social-networks';
import { infoPageLoader } from '../lib/pages.server';
import { telOf, whatsappUrl } from '../lib/phone';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('contact-us');

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const { contentLang, contentDir } = useI18n();
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead" lang={contentLang} dir={contentDir}>
            {page.lead}
          </p>
          <SchoolPart what="contactDetails">
            {(school) => <ContactDetails school={school} directions={page.directions} officeHours={page.officeHours} />}
          </SchoolPart>
        </>
      )}
    </InfoPage>
  );
}

function ContactDetails({ school, directions, officeHours }: { school: SchoolProfile; directions: string; officeHours: string }) {
  const { t, contentLang, contentDir } = useI18n();
  const { address, phones, email, website, social, map } = school;
  const networks = SOCIAL_NETWORKS.filter(({ key }) => social?.[key]);
  return (
    <div className="contact-grid">
      <div>
        {address || school.addressLine ? (
          <section className="prose-section">
            <h2>{t('info.contact.address')}</h2>
            {address ? (
              <address lang={contentLang} dir={contentDir}>
                {address.lines.map((line) => (
                  <span key={line}>
                    {line}
                    <br />
                  </span>
                ))}
                {address.city}, {address.state} {address.postalCode}
                <br />
                {address.country}
              </address>
            ) : (
              <address lang={contentLang} dir={contentDir}>
                {school.addressLine}
              </address>
            )}
            <p lang={contentLang} dir={contentDir}>
              {directions}
            </p>
          </section>
        ) : null}
        {phones?.length ? (
          <section className="prose-section">
            <h2>{t('info.contact.phones')}</h2>
            <ul className="contact-lines">
              {phones.map((phone) => (
                <li key={phone.number}>
                  <SchoolText>{phone.label}</SchoolText>:{' '}
                  <a href={`tel:${telOf(phone.number)}`} dir={contentDir}>
                    {phone.number}
                  </a>
                  {phone.whatsapp ? (
                    <>
                      {' '}
                      <a href={whatsappUrl(phone.number)} target="_blank" rel="noopener noreferrer">
                        {t('info.contact.whatsapp')}
                        <span className="visually-hidden">{t('shell.newTab')}</span>
                      </a>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
            <p lang={contentLang} dir={contentDir}>
              {officeHours}
            </p>
          </section>
        ) : null}
        {email || website ? (
          <section className="prose-section">
            <h2>{t('info.contact.emailWeb')}</h2>
            <ul className="contact-lines">
              {email ? (
                <li>
                  {t('info.email')}
                  <a href={`mailto:${email}`} lang={contentLang} dir={contentDir}>
                    {email}
                  </a>
                </li>
              ) : null}
              {website ? (
                <li>
                  {t('info.website')}
                  <a href={website} lang={contentLang} dir={contentDir}>
                    {website.replace(/^https?:\/\//, '')}
                  </a>
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}
        {networks.length > 0 ? (
          <section className="prose-section">
            <h2>{t('info.contact.follow')}</h2>
            <ul className="contact-social">
              {networks.map(({ key, label }) => (
                <li key={key}>
                  <a href={social?.[key]} target="_blank" rel="noopener noreferrer">
                    <SchoolText>{label}</SchoolText>
                    <span className="visually-hidden">{t('shell.newTab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      {map ? (
        <section className="prose-section">
          <h2>{t('info.contact.map')}</h2>
          <div className="map-box">
            <iframe
              src={map.embedUrl}
              title={t('shell.mapTitle', { school: school.name })}
              loading="lazy"
              // The map is another origin: allow-same-origin lets it keep its own origin, it cannot reach ours.
              // oxlint-disable-next-line react/iframe-missing-sandbox
              sandbox="allow-scripts allow-same-origin allow-popups"
              // No referrerPolicy: the page's own (strict-origin-when-cross-origin) applies, so the map
              // provider learns the site's origin, never the page's path or search terms.
            />
          </div>
          <p>
            <a href={map.linkUrl} target="_blank" rel="noopener noreferrer">
              {t('info.contact.largerMap')}
              <span className="visually-hidden">{t('shell.newTab')}</span>
            </a>
          </p>
        </section>
      ) : null}
    </div>
  );
}
