import { library } from '@sthsm/content/pages/facilities';
import { siteImages } from '@sthsm/content/media-catalog';
import type { Route } from './+types/library';
import { PageHeader } from '../components/PageHeader';
import { PhotoGrid } from '../components/PhotoGrid';
import { Prose } from '../components/pages/Prose';
import { infoPage, infoPageMeta, toPhoto } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/library';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, library.description, args);
}

export function loader() {
  return { schoolName: currentProfile().name };
}

export default function Library() {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        {library.sections.map((text) => (
          <Prose key={text.heading} section={text} />
        ))}
        <section className="prose-section" aria-labelledby="library-photos">
          <h2 id="library-photos">Photos</h2>
          <PhotoGrid photos={siteImages.library.map(toPhoto)} label="Library photos" />
        </section>
      </div>
    </>
  );
}
