import type { PageContent } from '@sthsm/contract/pages';
import { PhotoGrid, photosOf } from '../photo-grid';
import { InfoPage } from './info-page';
import { Prose } from './prose';

/** A facility page (computer lab, library): its text, then its photos in the lightbox grid. */
export function FacilityPage({ page, photosLabel }: { page: PageContent<'computer-lab'> | null; photosLabel: string }) {
  const headingId = `${photosLabel.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <InfoPage content={page}>
      {(content) => (
        <>
          {content.sections.map((text) => (
            <Prose key={text.heading} section={text} />
          ))}
          <section className="prose-section" aria-labelledby={headingId}>
            <h2 id={headingId}>Photos</h2>
            <PhotoGrid photos={photosOf(content.photos)} label={photosLabel} />
          </section>
        </>
      )}
    </InfoPage>
  );
}
