import type { Route } from './+types/erp-software';
import { ApiImage, CARD_SIZES } from '../components/api-image';
import { AppLinks } from '../components/pages/app-links';
import { InfoPage } from '../components/pages/info-page';
import { infoPageLoader } from '../lib/pages.server';
import { useRootData } from '../lib/root-data';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('erp-software');

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function ErpSoftware({ loaderData }: Route.ComponentProps) {
  const school = useRootData().school;
  const erp = school?.erp;
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          {page.lead.map((text) => (
            <p key={text} className="lead">
              {text}
            </p>
          ))}
          {erp ? (
            <p>
              Our ERP provider is <strong>{erp.provider}</strong>. Learn more on{' '}
              <a href={erp.url} target="_blank" rel="noopener noreferrer">
                the provider’s website<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              .
            </p>
          ) : null}
          <h2>What the ERP does for families</h2>
          <ul className="erp-grid">
            {page.modules.map((module) => (
              <li key={module.title} className="card">
                {module.image && erp ? (
                  <a href={erp.url} target="_blank" rel="noopener noreferrer" className="image-link">
                    <ApiImage
                      image={module.image}
                      sizes={CARD_SIZES}
                      alt={`${module.title} in ${erp.provider} (opens the provider’s website in a new tab)`}
                    />
                  </a>
                ) : module.image ? (
                  <ApiImage image={module.image} sizes={CARD_SIZES} />
                ) : null}
                <h3>{module.title}</h3>
                <p>{module.text}</p>
              </li>
            ))}
          </ul>
          <section className="prose-section app-section">
            <ApiImage image={page.appImage} className="app-image" sizes="(min-width: 768px) 240px, 60vw" />
            <div>
              <h2>The mobile app</h2>
              <p>{page.app}</p>
              {school?.app ? (
                <>
                  <p>
                    School code for the app: <strong className="code">{school.app.schoolCode}</strong>
                  </p>
                  <AppLinks app={school.app} />
                </>
              ) : null}
            </div>
          </section>
        </>
      )}
    </InfoPage>
  );
}
