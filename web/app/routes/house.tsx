import { houses } from '@sthsm/content/pages/house';
import { siteImages } from '@sthsm/content/media-catalog';
import type { Route } from './+types/house';
import { PageHeader } from '../components/PageHeader';
import { HouseTabs } from '../components/pages/HouseTabs';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/house';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, houses.description, args);
}

export function loader() {
  return { schoolName: currentProfile().name };
}

export default function SchoolHouses() {
  const { title, section } = infoPage(PATH);
  const items = houses.items.map((house) => ({ ...house, image: siteImages.houses[house.id] }));
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        <p className="lead">{houses.lead}</p>
        <HouseTabs houses={items} />
      </div>
    </>
  );
}
