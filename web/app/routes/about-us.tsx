import { aboutUs } from '@sthsm/content/pages/about-us';
import { siteImages } from '@sthsm/content/media-catalog';
import type { Route } from './+types/about-us';
import { PageHeader } from '../components/PageHeader';
import { Prose } from '../components/pages/Prose';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import { imageSrcSet, imageUrl } from '../lib/images';
import '../styles/pages.css';

const PATH = '/about-us';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, aboutUs.description, args);
}

export function loader() {
  const profile = currentProfile();
  return { schoolName: profile.name, motto: profile.motto };
}

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const { title, section } = infoPage(PATH);
  const photo = siteImages.aboutSchool;
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        <div className="info-intro">
          <p className="lead">{aboutUs.lead}</p>
          <img
            className="info-figure"
            src={imageUrl(photo.path, 800)}
            srcSet={imageSrcSet(photo.path, 1280)}
            sizes="(min-width: 768px) 45vw, 100vw"
            alt={photo.alt}
            width={photo.width}
            height={photo.height}
          />
        </div>
        <Prose section={aboutUs.history} />
        <section className="prose-section">
          <h2>Our vision</h2>
          <p className="callout">{aboutUs.vision}</p>
          <p>
            Our motto: <strong>{loaderData.motto}</strong>
          </p>
        </section>
        <section className="prose-section">
          <h2>Our mission</h2>
          <ul>
            {aboutUs.mission.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <section className="prose-section">
          <h2>Our values</h2>
          <dl className="card-list">
            {aboutUs.values.map((value) => (
              <div key={value.name} className="card">
                <dt>{value.name}</dt>
                <dd>{value.text}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="prose-section">
          <h2>Our two wings</h2>
          <div className="two-columns">
            {aboutUs.wings.map((wing) => (
              <Prose key={wing.heading} section={wing} level={3} />
            ))}
          </div>
        </section>
        <Prose section={aboutUs.campus} />
      </div>
    </>
  );
}
