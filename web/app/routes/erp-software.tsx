import { erpSoftware } from '@sthsm/content/pages/erp-software';
import { siteImages } from '@sthsm/content/media-catalog';
import type { Route } from './+types/erp-software';
import { PageHeader } from '../components/PageHeader';
import { AppLinks } from '../components/pages/AppLinks';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import { imageSrcSet, imageUrl } from '../lib/images';
import '../styles/pages.css';

const PATH = '/erp-software';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, erpSoftware.description, args);
}

export function loader() {
  const profile = currentProfile();
  return { schoolName: profile.name, erp: profile.erp, app: profile.app };
}

export default function ErpSoftware({ loaderData }: Route.ComponentProps) {
  const { title, section } = infoPage(PATH);
  const { erp, app } = loaderData;
  const phone = siteImages.mobileApp;
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        {erpSoftware.lead.map((text) => (
          <p key={text} className="lead">
            {text}
          </p>
        ))}
        <p>
          Our ERP provider is <strong>{erp.provider}</strong>. Learn more on{' '}
          <a href={erp.url} target="_blank" rel="noopener noreferrer">
            the provider’s website<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
        <h2>What the ERP does for families</h2>
        <ul className="erp-grid">
          {erpSoftware.modules.map((module, index) => {
            const image = siteImages.erp[index];
            return (
              <li key={module.title} className="card">
                {image ? (
                  <a href={erp.url} target="_blank" rel="noopener noreferrer" className="image-link">
                    <img
                      src={imageUrl(image.path, 480)}
                      srcSet={imageSrcSet(image.path, 800)}
                      sizes="(min-width: 992px) 33vw, (min-width: 600px) 50vw, 100vw"
                      alt={`${module.title} in ${erp.provider} (opens the provider’s website in a new tab)`}
                      width={image.width}
                      height={image.height}
                      loading="lazy"
                    />
                  </a>
                ) : null}
                <h3>{module.title}</h3>
                <p>{module.text}</p>
              </li>
            );
          })}
        </ul>
        <section className="prose-section app-section">
          <img
            className="app-image"
            src={imageUrl(phone.path, 320)}
            srcSet={imageSrcSet(phone.path, 800)}
            sizes="(min-width: 768px) 240px, 60vw"
            alt={phone.alt}
            width={phone.width}
            height={phone.height}
            loading="lazy"
          />
          <div>
            <h2>The mobile app</h2>
            <p>{erpSoftware.app}</p>
            <p>
              School code for the app: <strong className="code">{app.schoolCode}</strong>
            </p>
            <AppLinks app={app} />
          </div>
        </section>
      </div>
    </>
  );
}
