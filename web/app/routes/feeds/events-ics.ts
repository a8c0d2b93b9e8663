import type { Route } from './+types/events-ics';
import { schoolApi, requestLocale } from '../../lib/api.server';
import { eventsCalendar, feedNotFound, feedResponse, feedSiteOf, feedUnavailable } from '../../lib/feeds.server';
import { currentSchool } from '../../lib/school.server';

/** /events.ics (and /{lang}/events.ics): every published event of the request's school, one iCalendar to subscribe to (webcal://). */
export async function loader({ request }: Route.LoaderArgs) {
  const [site, events] = await Promise.all([feedSiteOf(request), schoolApi(currentSchool(request), requestLocale(request)).allEvents()]);
  if (!site) return feedNotFound();
  return events ? feedResponse(eventsCalendar(events, site), 'text/calendar') : feedUnavailable('events');
}
