import type { Route } from './+types/news-rss';
import { feedResponse, feedUnavailable, newsFeedOf } from '../../lib/feeds.server';

/** /news.rss: the latest news of the request's school as RSS 2.0 (docs/api.md "Feeds, calendars and share previews"). */
export async function loader({ request }: Route.LoaderArgs) {
  const xml = await newsFeedOf(request, 'rss');
  return xml ? feedResponse(xml, 'application/rss+xml') : feedUnavailable('news');
}
