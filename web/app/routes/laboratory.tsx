import type { Route } from './+types/laboratory';
import { useI18n } from '../i18n/i18n';
import { InfoPage } from '../components/pages/info-page';
import { Prose } from '../components/pages/prose';
import { PhotoGrid, photosOf } from '../components/photo-grid';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import '../styles/pages.css';
import type { HydrationHandle } from '../lib/hydration';

export const meta = pageMeta;

/** No React in the browser (docs/decisions/0077): the photos' lightbox is an island (islands/photos.ts). */
export const handle: HydrationHandle = { hydrate: false, island: 'photos' };

export const loader = infoPageLoader('laboratory');

export default function Laboratory({ loaderData }: Route.ComponentProps) {
  const { t, contentLang, contentDir } = useI18n();
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead" lang={contentLang} dir={contentDir}>
            {page.lead}
          </p>
          {page.labs.map((lab) => (
            <section key={lab.key} className="prose-section" aria-labelledby={`lab-${lab.key}`}>
              <h2 id={`lab-${lab.key}`} lang={contentLang} dir={contentDir}>
                {lab.heading}
              </h2>
              <p lang={contentLang} dir={contentDir}>
                {lab.text}
              </p>
              <PhotoGrid photos={photosOf(lab.photos)} label={t('info.labPhotos', { lab: lab.heading })} lang={contentLang} />
            </section>
          ))}
          <Prose section={page.safety} />
        </>
      )}
    </InfoPage>
  );
}
