import { patrons } from '@sthsm/content/pages/patrons';
import { siteImages } from '@sthsm/content/media-catalog';
import type { Route } from './+types/patrons';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import { imageSrcSet, imageUrl } from '../lib/images';
import '../styles/pages.css';

const PATH = '/patrons';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, patrons.description, args);
}

export function loader() {
  return { schoolName: currentProfile().name };
}

export default function Patrons() {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        <p className="lead">{patrons.lead}</p>
        <ul className="patron-list">
          {siteImages.patrons.map((patron, index) => (
            <li key={patron.path} className="card patron">
              <div className="patron-photo">
                <img
                src={imageUrl(patron.path, 320)}
                srcSet={imageSrcSet(patron.path, 640)}
                sizes="(min-width: 768px) 200px, 60vw"
                alt={patron.alt}
                width={patron.width}
                height={patron.height}
                />
              </div>
              <div>
                <h2>{patron.name}</h2>
                <p className="role">{patron.role}</p>
                {patrons.bios[index] ? <p>{patrons.bios[index]}</p> : null}
              </div>
            </li>
          ))}
        </ul>
        <p>{patrons.closing}</p>
      </div>
    </>
  );
}
