import type { Route } from './+types/news';
import { PageHeader } from '../components/PageHeader';
import { DatedFilterForm } from '../components/listing/DatedFilterForm';
import { ListingResults } from '../components/listing/ListingResults';
import { listingMeta, listingPage, summaryText } from '../components/listing/listing';
import { api } from '../lib/api.server';
import { formatLong, isoDay } from '../lib/dates';
import {
  applyFilters, filterChoices, newsDefaultYear, parseListFilters, sortNewestFirst,
} from '../lib/filters';
import { imageUrl } from '../lib/images';

const PATH = '/news';
const CLEAR_TO = `${PATH}?year=All`;

export function meta({ matches }: Route.MetaArgs) {
  return listingMeta(PATH, matches, 'School news and circulars, newest first: filter by year and month or search by title.');
}

export async function loader({ request }: Route.LoaderArgs) {
  const news = await api.news();
  const all = sortNewestFirst(news ?? []);
  const filters = parseListFilters(new URL(request.url).searchParams, newsDefaultYear());
  return {
    // Only what a card shows (issue 8: the page's HTML and hydration data stay small).
    items: applyFilters(all, filters).map((n) => ({
      _id: n._id,
      date: n.date ?? null,
      title: n.title,
      description: n.description ?? null,
      attachments: n.attachments?.[0] ? [n.attachments[0]] : [],
    })),
    total: all.length,
    ...filterChoices(all, filters),
    filters,
    failed: news === null,
  };
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { items, total, years, months, filters, failed } = loaderData;
  const { title, section } = listingPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container listing">
        <p className="listing__total">
          Total News: <strong>{total}</strong>
        </p>
        <DatedFilterForm
          years={years}
          months={months}
          filters={filters}
          searchLabel="Filter news"
          summary={summaryText(items.length, total, 'news item', 'news items')}
          clearTo={CLEAR_TO}
        />
        <ListingResults
          items={items}
          failed={failed}
          failedWhat="news"
          what="news items"
          clearTo={CLEAR_TO}
          listClass="card-list"
          label="News"
          renderItem={(item) => (
            <article className="list-card">
              {item.date ? (
                <p className="list-card__date">
                  <time dateTime={isoDay(item.date)}>{formatLong(item.date)}</time>
                </p>
              ) : null}
              <h2 className="list-card__title">{item.title}</h2>
              {item.description ? <p className="list-card__text">{item.description}</p> : null}
              {item.attachments?.[0] ? (
                <a className="list-card__link" href={imageUrl(item.attachments[0])} target="_blank" rel="noopener" aria-label={`View Attachment: ${item.title} (opens in a new tab)`}>
                  View Attachment
                </a>
              ) : null}
            </article>
      )}
    />
  </div>
      </>
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
