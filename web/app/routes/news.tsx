import { Link } from 'react-router';
import type { Route } from './+types/news';
import { DatedListing } from '../components/listing/dated-listing';
import { schoolApi } from '../lib/api.server';
import { formatLong, isoDay } from '../lib/dates';
import { newsDefaultYear } from '../lib/filters';
import { imageUrl } from '../lib/images';
import { datedListing } from '../lib/listing.server';
import { newsItemPath } from '../lib/item-links';
import { currentSchool } from '../lib/school.server';
import '../styles/share.css';
import { NO_HYDRATION } from '../lib/hydration';

/** No React in the browser (docs/decisions/0075): the filters are the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export async function loader({ request }: Route.LoaderArgs) {
  return datedListing(request, await schoolApi(currentSchool(request)).news(), {
    paged: true,
    defaultYear: newsDefaultYear,
    card: (n) => ({ _id: n._id, date: n.date ?? null, title: n.title, description: n.description, attachment: n.attachments[0] ?? null }),
  });
}

export default function News({ loaderData }: Route.ComponentProps) {
  return (
    <DatedListing
      data={loaderData}
      nouns={['news item', 'news items']}
      searchLabel="Filter news"
      failedWhat="news"
      listClass="card-list"
      label="News"
      intro={
        <p className="listing__total">
          Total News: <strong>{loaderData.total}</strong>
        </p>
      }
      renderItem={(item) => (
        <article className="list-card">
          {item.date ? (
            <p className="list-card__date">
              <time dateTime={isoDay(item.date)}>{formatLong(item.date)}</time>
            </p>
          ) : null}
          <h2 className="list-card__title">
            <Link to={newsItemPath(item._id)}>{item.title}</Link>
          </h2>
          {item.description ? <p className="list-card__text">{item.description}</p> : null}
          {item.attachment ? (
            <a
              className="list-card__link"
              href={imageUrl(item.attachment)}
              target="_blank"
              rel="noopener"
              aria-label={`View Attachment: ${item.title} (opens in a new tab)`}
            >
              View Attachment
            </a>
          ) : null}
        </article>
      )}
    />
  );
}

export function ErrorBoundary() {
  return (
    <div className="container listing">
      <h1>News</h1>
      <p>The news could not be shown just now. Please try again in a moment.</p>
    </div>
  );
}
