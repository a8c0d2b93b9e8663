import type { SchoolProfile } from '@sthsm/contract/profile';
import type { Route } from './+types/contact-us';
import { InfoPage, SchoolPart } from '../components/pages/info-page';
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
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead">{page.lead}</p>
          <SchoolPart what="the contact details">
            {(school) => <ContactDetails school={school} directions={page.directions} officeHours={page.officeHours} />}
          </SchoolPart>
        </>
      )}
    </InfoPage>
  );
}

function ContactDetails({ school, directions, officeHours }: { school: SchoolProfile; directions: string; officeHours: string }) {
  const { address, phones, email, website, social, map } = school;
  const networks = SOCIAL_NETWORKS.filter(({ key }) => social?.[key]);
  return (
    <div className="contact-grid">
      <div>
        {address || school.addressLine ? (
          <section className="prose-section">
            <h2>Address</h2>
            {address ? (
              <address>
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
              <address>{school.addressLine}</address>
            )}
            <p>{directions}</p>
          </section>
        ) : null}
        {phones?.length ? (
          <section className="prose-section">
            <h2>Phone and WhatsApp</h2>
            <ul className="contact-lines">
              {phones.map((phone) => (
                <li key={phone.number}>
                  {phone.label}: <a href={`tel:${telOf(phone.number)}`}>{phone.number}</a>
                  {phone.whatsapp ? (
                    <>
                      {' '}
                      <a href={whatsappUrl(phone.number)} target="_blank" rel="noopener noreferrer">
                        Chat on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
            <p>{officeHours}</p>
          </section>
        ) : null}
        {email || website ? (
          <section className="prose-section">
            <h2>E-mail and web</h2>
            <ul className="contact-lines">
              {email ? (
                <li>
                  E-mail: <a href={`mailto:${email}`}>{email}</a>
                </li>
              ) : null}
              {website ? (
                <li>
                  Website: <a href={website}>{website.replace(/^https?:\/\//, '')}</a>
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}
        {networks.length > 0 ? (
          <section className="prose-section">
            <h2>Follow us</h2>
            <ul className="contact-social">
              {networks.map(({ key, label }) => (
                <li key={key}>
                  <a href={social?.[key]} target="_blank" rel="noopener noreferrer">
                    {label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      {map ? (
        <section className="prose-section">
          <h2>Find us on the map</h2>
          <div className="map-box">
            <iframe
              src={map.embedUrl}
              title={`Map showing the location of ${school.name}`}
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
              Open a larger map<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </section>
      ) : null}
    </div>
  );
}
