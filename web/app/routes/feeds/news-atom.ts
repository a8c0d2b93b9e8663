import type { Route } from './+types/news-atom';
import { feedResponse, feedUnavailable, newsFeedOf } from '../../lib/feeds.server';

/** /news.atom: the latest news of the request's school as Atom 1.0 (docs/api.md "Feeds, calendars and share previews"). */
export async function loader({ request }: Route.LoaderArgs) {
  const xml = await newsFeedOf(request, 'atom');
  return xml ? feedResponse(xml, 'application/atom+xml') : feedUnavailable('news');
}
