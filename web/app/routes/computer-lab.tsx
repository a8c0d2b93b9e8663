import { computerLab } from '@sthsm/content/pages/facilities';
import { siteImages } from '@sthsm/content/media-catalog';
import type { Route } from './+types/computer-lab';
import { PageHeader } from '../components/PageHeader';
import { PhotoGrid } from '../components/PhotoGrid';
import { Prose } from '../components/pages/Prose';
import { infoPage, infoPageMeta, toPhoto } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/computer-lab';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, computerLab.description, args);
}

export function loader() {
  return { schoolName: currentProfile().name };
}

export default function ComputerLab() {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        {computerLab.sections.map((text) => (
          <Prose key={text.heading} section={text} />
        ))}
        <section className="prose-section" aria-labelledby="computer-lab-photos">
          <h2 id="computer-lab-photos">Photos</h2>
          <PhotoGrid photos={siteImages.computerLab.map(toPhoto)} label="Computer lab photos" />
        </section>
      </div>
    </>
  );
}
