import { clubsAssociation } from '@sthsm/content/pages/clubs-association';
import type { Route } from './+types/clubs-association';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/clubs-association';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, clubsAssociation.description, args);
}

export function loader() {
  return { schoolName: currentProfile().name };
}

export default function ClubsAssociation() {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        <p className="lead">{clubsAssociation.lead}</p>
        <ul className="club-list" aria-label={`Our ${clubsAssociation.clubs.length} clubs`}>
          {clubsAssociation.clubs.map((club) => (
            <li key={club.name} className="card">
              <h2>{club.name} Club</h2>
              <p>{club.text}</p>
            </li>
          ))}
        </ul>
        <p>{clubsAssociation.closing}</p>
      </div>
    </>
  );
}
