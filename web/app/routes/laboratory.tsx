import { laboratory } from '@sthsm/content/pages/facilities';
import { siteImages } from '@sthsm/content/media-catalog';
import type { Route } from './+types/laboratory';
import { PageHeader } from '../components/PageHeader';
import { PhotoGrid } from '../components/PhotoGrid';
import { Prose } from '../components/pages/Prose';
import { infoPage, infoPageMeta, toPhoto } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/laboratory';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, laboratory.description, args);
}

export function loader() {
  return { schoolName: currentProfile().name };
}

export default function Laboratory() {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        <p className="lead">{laboratory.lead}</p>
        {laboratory.labs.map((lab) => (
          <section key={lab.key} className="prose-section" aria-labelledby={`lab-${lab.key}`}>
            <h2 id={`lab-${lab.key}`}>{lab.heading}</h2>
            <p>{lab.text}</p>
            <PhotoGrid photos={siteImages.labs[lab.key].map(toPhoto)} label={`${lab.heading} photos`} />
          </section>
        ))}
        <Prose section={laboratory.safety} />
      </div>
    </>
  );
}
