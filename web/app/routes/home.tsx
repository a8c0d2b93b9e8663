import type { Route } from './+types/home';
import { ActivitiesSection, FacilitiesSection, GalleryTeaser } from '../components/home/campus';
import { homeBirthdays, homeEvents, homeGallery, homeNews, homeNotifications, homeToppers } from '../components/home/data';
import { AboutSchool, HomeBanner, HomeSlider, VisionStatement, type HomeSchool } from '../components/home/intro';
import { BirthdaysSection, EventsSection, LatestNews, PrincipalSection, ToppersSection } from '../components/home/updates';
import { schoolApi, requestLocale } from '../lib/api.server';
import { useRootData } from '../lib/root-data';
import { useIsListed, useShowsSection } from '../lib/site-pages';
import { sanitizeRichText } from '../lib/sanitize.server';
import type { HydrationHandle } from '../lib/hydration';
import { loadPage } from '../lib/school-data.server';
import { currentSchool } from '../lib/school.server';
import { useI18n } from '../i18n/i18n';
import '../styles/home.css';

/** No React in the browser: the carousels, the ticker and the notices run on the home island (decision 0078). */
export const handle: HydrationHandle = { hydrate: false, island: 'home' };

/**
 * Every call of the home page at once; each is null when it fails (api.server.ts), so a failed
 * call shows its SPEC §8 placeholder and this loader never throws.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const code = currentSchool(request);
  const api = schoolApi(code, requestLocale(request));
  const [page, news, events, principal, birthdays, toppers, gallery, notifications] = await Promise.all([
    loadPage(code, 'home'),
    api.news(),
    api.upcomingEvents(),
    api.principalMessages(),
    api.birthdays(),
    api.toppers(),
    api.gallery(),
    api.notifications(),
  ]);
  return {
    page,
    news: homeNews(news),
    events: homeEvents(events),
    principalMessages: (principal ?? [])
      .map((m) => ({ id: m._id, html: sanitizeRichText(m.message), image: m.attachments[0] ?? null, lang: m.lang }))
      .filter((m) => m.html.trim() !== ''),
    birthdays: homeBirthdays(birthdays),
    toppers: { x: homeToppers(toppers, 'X'), xii: homeToppers(toppers, 'XII') },
    gallery: homeGallery(gallery),
    notifications: homeNotifications(notifications),
  };
}

export default function Home({ loaderData: data }: Route.ComponentProps) {
  const { school: profile, code } = useRootData();
  const { t } = useI18n();
  const school: HomeSchool = {
    name: profile?.name ?? code,
    tagline: profile?.tagline ?? '',
    motto: profile?.motto ?? '',
    vision: profile?.vision ?? '',
    about: profile?.about ?? '',
    established: profile?.established ?? null,
    board: profile?.board ?? '',
  };
  const page = data.page;
  // A section of a kind the school never started hides; one started and empty now shows SPEC §8's placeholder (decision 0134).
  const shows = useShowsSection();
  const listed = useIsListed();
  const aboutImage = page?.aboutImage ?? null;
  return (
    <div className="home">
      <HomeBanner school={school} image={page?.banner ?? null} notifications={data.notifications} />
      <HomeSlider images={page?.slider ?? []} />
      <VisionStatement school={school} />
      {school.about || aboutImage ? <AboutSchool school={school} image={aboutImage} readMore={listed('/about-us')} /> : null}
      {shows('news', data.news.length) ? <LatestNews news={data.news} /> : null}
      {shows('events', data.events.length) ? <EventsSection events={data.events} /> : null}
      {shows('principal-message', data.principalMessages.length) ? (
        <PrincipalSection
          messages={data.principalMessages}
          principalName={profile?.principal?.name ?? t('media.home.thePrincipal')}
          readMore={listed('/principal-message')}
        />
      ) : null}
      {page ? <FacilitiesSection tiles={page.facilities} /> : null}
      {page ? <ActivitiesSection tiles={page.activities} /> : null}
      {shows('birthdays', data.birthdays.length) ? <BirthdaysSection birthdays={data.birthdays} /> : null}
      {shows('toppers', data.toppers.x.length + data.toppers.xii.length) ? (
        <ToppersSection x={data.toppers.x} xii={data.toppers.xii} />
      ) : null}
      {shows('albums', data.gallery ? 1 : 0) ? <GalleryTeaser gallery={data.gallery} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  const { t, rich, path } = useI18n();
  return (
    <div className="container home-error">
      <h1>{t('media.home.errorTitle')}</h1>
      <p>{t('media.home.errorText')}</p>
      <p>
        {rich('media.home.errorLinks', {
          news: <a href={path('/news')}>{t('media.home.errorNews')}</a>,
          contact: <a href={path('/contactUs')}>{t('media.home.errorContact')}</a>,
        })}
      </p>
    </div>
  );
}
