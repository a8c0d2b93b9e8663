import { contactUs } from '@sthsm/content/pages/contact-us';
import type { Route } from './+types/contact-us';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/contactUs';
const SOCIAL_LABELS = { facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube', x: 'X (Twitter)' } as const;

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, contactUs.description, args);
}

export function loader() {
  const p = currentProfile();
  return {
    schoolName: p.name,
    address: p.address,
    phones: p.phones,
    email: p.email,
    website: p.website,
    social: p.social,
    map: { embedUrl: p.map.embedUrl, linkUrl: p.map.linkUrl },
  };
}

/** wa.me wants the number in international form, digits only. */
function whatsappUrl(tel: string): string {
  return `https://wa.me/${tel.replace(/\D/g, '')}`;
}

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const { title, section } = infoPage(PATH);
  const { address, phones, email, website, social, map } = loaderData;
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        <p className="lead">{contactUs.lead}</p>
        <div className="contact-grid">
          <div>
            <section className="prose-section">
              <h2>Address</h2>
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
              <p>{contactUs.directions}</p>
            </section>
            <section className="prose-section">
              <h2>Phone and WhatsApp</h2>
              <ul className="contact-lines">
                {phones.map((phone) => (
                  <li key={phone.tel}>
                    {phone.label}: <a href={`tel:${phone.tel}`}>{phone.display}</a>
                    {phone.whatsapp ? (
                      <>
                        {' '}
                        <a href={whatsappUrl(phone.tel)} target="_blank" rel="noopener noreferrer">
                          Chat on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
                        </a>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
              <p>{contactUs.officeHours}</p>
            </section>
            <section className="prose-section">
              <h2>E-mail and web</h2>
              <ul className="contact-lines">
                <li>
                  E-mail: <a href={`mailto:${email}`}>{email}</a>
                </li>
                <li>
                  Website: <a href={website}>{website.replace(/^https?:\/\//, '')}</a>
                </li>
              </ul>
            </section>
            <section className="prose-section">
              <h2>Follow us</h2>
              <ul className="contact-social">
                {(Object.keys(SOCIAL_LABELS) as Array<keyof typeof SOCIAL_LABELS>).map((key) => (
                  <li key={key}>
                    <a href={social[key]} target="_blank" rel="noopener noreferrer">
                      {SOCIAL_LABELS[key]}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          </div>
          <section className="prose-section">
            <h2>Find us on the map</h2>
            <div className="map-box">
              <iframe
                src={map.embedUrl}
                title={`Map showing the location of ${loaderData.schoolName}`}
                loading="lazy"
                // The map is another origin: allow-same-origin lets it keep its own origin, it cannot reach ours.
                // oxlint-disable-next-line react/iframe-missing-sandbox
                sandbox="allow-scripts allow-same-origin allow-popups"
                referrerPolicy="no-referrer-when-downgrade"
              />
            </div>
            <p>
              <a href={map.linkUrl} target="_blank" rel="noopener noreferrer">
                Open a larger map<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          </section>
        </div>
      </div>
    </>
  );
}
