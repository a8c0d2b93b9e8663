import { getProfile } from '@sthsm/content/profile';
import { Link } from 'react-router';
import { ActivitiesSection, FacilitiesSection, GalleryTeaser } from '../components/home/campus';
import {
  homeBirthdays, homeEvents, homeGallery, homeNews, homeNotifications, homeToppers,
} from '../components/home/data';
import { AboutSchool, HomeBanner, HomeSlider, VisionStatement, type HomeSchool } from '../components/home/intro';
import { BirthdaysSection, EventsSection, LatestNews, PrincipalSection, ToppersSection } from '../components/home/updates';
import { api, schoolCode } from '../lib/api.server';
import { sanitizeRichText } from '../lib/sanitize.server';
import { pageMeta, siteUrlFrom } from '../lib/seo';
import '../styles/home.css';
import type { Route } from './+types/home';

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const school = loaderData?.school;
  const name = school?.name ?? 'School';
  return pageMeta(
    {
      title: school ? `${school.name}: ${school.board} school since ${school.established}` : name,
      description: school
        ? `${school.tagline}. News, events, toppers, birthdays, facilities and photos of ${school.name}.`
        : `News, events, toppers and photos of ${name}.`,
      path: '/',
    },
    siteUrlFrom(matches),
    name,
  );
}

/**
 * Every call of the home page at once; each is null when it fails (api.server.ts), so a failed
 * call shows its SPEC §8 placeholder and this loader never throws.
 */
export async function loader() {
  const profile = getProfile(schoolCode()) ?? getProfile('STHSM');
  const [news, events, principal, birthdays, toppers, gallery, notifications] = await Promise.all([
    api.news(),
    api.upcomingEvents(),
    api.principalMessages(),
    api.birthdays(),
    api.toppers(),
    api.gallery(),
    api.notifications(),
  ]);
  const school: HomeSchool = {
    name: profile?.name ?? schoolCode(),
    tagline: profile?.tagline ?? '',
    motto: profile?.motto ?? '',
    vision: profile?.vision ?? '',
    about: profile?.about ?? '',
    established: profile?.established ?? 0,
    board: profile?.board ?? '',
  };
  return {
    school,
    principalName: profile?.principal.name ?? 'The Principal',
    news: homeNews(news),
    events: homeEvents(events),
    principalMessages: (principal ?? [])
      .map((m) => ({ id: m._id, html: typeof m.message === 'string' ? sanitizeRichText(m.message) : '', image: m.attachments?.[0] ?? null }))
      .filter((m) => m.html.trim() !== ''),
    birthdays: homeBirthdays(birthdays),
    toppers: { x: homeToppers(toppers, 'X'), xii: homeToppers(toppers, 'XII') },
    gallery: homeGallery(gallery),
    notifications: homeNotifications(notifications),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <div className="home">
      <HomeBanner school={data.school} notifications={data.notifications} />
      <HomeSlider />
      <VisionStatement school={data.school} />
      <AboutSchool school={data.school} />
      <LatestNews news={data.news} />
      <EventsSection events={data.events} />
      <PrincipalSection messages={data.principalMessages} principalName={data.principalName} />
      <FacilitiesSection />
      <ActivitiesSection />
      <BirthdaysSection birthdays={data.birthdays} />
      <ToppersSection x={data.toppers.x} xii={data.toppers.xii} />
      <GalleryTeaser gallery={data.gallery} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="container home-error">
      <h1>Unexpected Application Error!</h1>
      <p>The home page could not be shown. Please try again in a moment.</p>
      <p>
        <Link to="/news">Read the latest news</Link> or <Link to="/contactUs">contact the school</Link>.
      </p>
    </div>
  );
}
