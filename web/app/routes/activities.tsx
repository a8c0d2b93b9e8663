import { activities } from '@sthsm/content/pages/activities';
import { siteImages } from '@sthsm/content/media-catalog';
import type { Route } from './+types/activities';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import { imageSrcSet, imageUrl } from '../lib/images';
import '../styles/pages.css';

const PATH = '/activities';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, activities.description, args);
}

export function loader() {
  return { schoolName: currentProfile().name };
}

export default function Activities() {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        <p className="lead">{activities.lead}</p>
        <ul className="activity-list">
          {activities.items.map((item) => {
            const image = item.image ? siteImages.activities[item.image] : undefined;
            return (
              <li key={item.name} className="card activity">
                {image ? (
                  <img
                    src={imageUrl(image.path, 480)}
                    srcSet={imageSrcSet(image.path, 800)}
                    sizes="(min-width: 992px) 33vw, (min-width: 600px) 50vw, 100vw"
                    alt={image.alt}
                    width={image.width}
                    height={image.height}
                    loading="lazy"
                  />
                ) : null}
                <h2>{item.name}</h2>
                <p>{item.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
