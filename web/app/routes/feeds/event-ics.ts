import type { Route } from './+types/event-ics';
import { schoolApi, requestLocale } from '../../lib/api.server';
import { eventFileName, eventsCalendar, feedNotFound, feedResponse, feedSiteOf, feedUnavailable } from '../../lib/feeds.server';
import { currentSchool } from '../../lib/school.server';

/** /events/{id}.ics (and /{lang}/events/{id}.ics): one event of the request's school as a download ("Add to calendar"). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const file = params.file;
  if (!file.toLowerCase().endsWith('.ics')) return feedNotFound();
  const id = file.slice(0, -'.ics'.length);
  const [site, events] = await Promise.all([feedSiteOf(request), schoolApi(currentSchool(request), requestLocale(request)).allEvents()]);
  if (!site) return feedNotFound();
  if (!events) return feedUnavailable('event');
  const event = events.find((e) => e._id === id);
  if (!event) return feedNotFound('No such event.');
  return feedResponse(eventsCalendar([event], site, { single: true }), 'text/calendar', eventFileName(event));
}
