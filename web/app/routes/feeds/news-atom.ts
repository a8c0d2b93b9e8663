import type { Route } from './+types/news-atom';
import { newsFeedAnswer } from '../../lib/feeds.server';

/** /news.atom (and /{lang}/news.atom): the latest news of the request's school as Atom 1.0 (docs/api.md "Feeds, calendars and share previews"). */
export async function loader({ request }: Route.LoaderArgs) {
  return newsFeedAnswer(request, 'atom');
}
