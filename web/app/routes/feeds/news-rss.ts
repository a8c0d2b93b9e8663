import type { Route } from './+types/news-rss';
import { newsFeedAnswer } from '../../lib/feeds.server';

/** /news.rss (and /{lang}/news.rss): the latest news of the request's school as RSS 2.0 (docs/api.md "Feeds, calendars and share previews"). */
export async function loader({ request }: Route.LoaderArgs) {
  return newsFeedAnswer(request, 'rss');
}
