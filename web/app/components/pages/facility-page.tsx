import type { PageContent } from '@sthsm/contract/pages';
import { useI18n } from '../../i18n/i18n';
import { PhotoGrid, photosOf } from '../photo-grid';
import { InfoPage } from './info-page';
import { Prose } from './prose';

/** A facility page (computer lab, library): its text, then its photos in the lightbox grid. */
export function FacilityPage({ page, facility }: { page: PageContent<'computer-lab'> | null; facility: 'computer-lab' | 'library' }) {
  const { t, contentLang } = useI18n();
  const headingId = `${facility}-photos`;
  return (
    <InfoPage content={page}>
      {(content) => (
        <>
          {content.sections.map((text) => (
            <Prose key={text.heading} section={text} />
          ))}
          <section className="prose-section" aria-labelledby={headingId}>
            <h2 id={headingId}>{t('info.photos')}</h2>
            <PhotoGrid photos={photosOf(content.photos)} label={t(`info.photos.${facility}`)} lang={contentLang} />
          </section>
        </>
      )}
    </InfoPage>
  );
}
