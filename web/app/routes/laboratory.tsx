import type { Route } from './+types/laboratory';
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
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead">{page.lead}</p>
          {page.labs.map((lab) => (
            <section key={lab.key} className="prose-section" aria-labelledby={`lab-${lab.key}`}>
              <h2 id={`lab-${lab.key}`}>{lab.heading}</h2>
              <p>{lab.text}</p>
              <PhotoGrid photos={photosOf(lab.photos)} label={`${lab.heading} photos`} />
            </section>
          ))}
          <Prose section={page.safety} />
        </>
      )}
    </InfoPage>
  );
}
