import type { Route } from './+types/events';
import { PageHeader } from '../components/PageHeader';
import { DatedFilterForm } from '../components/listing/DatedFilterForm';
import { ListingResults } from '../components/listing/ListingResults';
import { listingMeta, listingPage, summaryText } from '../components/listing/listing';
import { api } from '../lib/api.server';
import { formatLong, isoDay } from '../lib/dates';
import {
  applyFilters, filterChoices, eventsDefaultYear, parseListFilters, sortNewestFirst,
} from '../lib/filters';
import { imageSrcSet, imageUrl } from '../lib/images';

const PATH = '/Events';
const CLEAR_TO = `${PATH}?year=All`;

export function meta({ matches }: Route.MetaArgs) {
  return listingMeta(PATH, matches, 'School events with date, venue and time: filter by year and month or search by title.');
}

export async function loader({ request }: Route.LoaderArgs) {
  const events = await api.allEvents();
  const all = sortNewestFirst(events ?? []);
  const filters = parseListFilters(new URL(request.url).searchParams, eventsDefaultYear(new Date()));
  return {
    // Only what a card shows (issue 8): first image and attachment, place, date and time.
    items: applyFilters(all, filters).map((e) => ({
      _id: e._id,
      title: e.title,
      description: e.description ?? null,
      date: e.date ?? null,
      time: e.time ?? null,
      venue: e.venue ?? null,
      location: e.location ?? null,
      images: e.images?.[0] ? [e.images[0]] : [],
      attachments: e.attachments?.[0] ? [e.attachments[0]] : [],
    })),
    total: all.length,
    ...filterChoices(all, filters),
    filters,
    failed: events === null,
  };
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { items, total, years, months, filters, failed } = loaderData;
  const { title, section } = listingPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container listing">
        <DatedFilterForm
          years={years}
          months={months}
          filters={filters}
          searchLabel="Filter events"
          summary={summaryText(items.length, total, 'event', 'events')}
          clearTo={CLEAR_TO}
        />
        <ListingResults
          items={items}
          failed={failed}
          failedWhat="events"
          what="events"
          clearTo={CLEAR_TO}
          listClass="card-grid"
          label="Events"
          renderItem={(event) => {
            const image = event.images?.[0];
            const place = event.venue || event.location;
            return (
              <article className="list-card list-card--media">
                {image ? (
                  <img
                    className="list-card__image"
                    src={imageUrl(image, 640)}
                    srcSet={imageSrcSet(image, 1024)}
                    sizes="(min-width: 992px) 33vw, (min-width: 600px) 50vw, 100vw"
                    alt=""
                    width={640}
                    height={427}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <div className="list-card__body">
                  {event.date ? (
                    <p className="list-card__date">
                      <time dateTime={isoDay(event.date)}>{formatLong(event.date)}</time>
                    </p>
                  ) : null}
                  <h2 className="list-card__title">{event.title}</h2>
                  {event.description ? <p className="list-card__text">{event.description}</p> : null}
                  <dl className="list-card__facts">
                    {place ? (
                      <div>
                        <dt>Venue</dt>
                        <dd>{place}</dd>
                      </div>
                    ) : null}
                    {event.time ? (
                      <div>
                        <dt>Time</dt>
                        <dd>{event.time}</dd>
                      </div>
                    ) : null}
                  </dl>
                  {event.attachments?.[0] ? (
                    <a
                        className="list-card__link"
                        href={imageUrl(event.attachments[0])}
                        target="_blank"
                        rel="noopener"
                        aria-label={`View Attachment: ${event.title} (opens in a new tab)`}
                      >
                      View Attachment
                    </a>
                  ) : null}
                </div>
              </article>
            );
          }}
        />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <div className="container listing">
      <h1>Events</h1>
      <p>The events could not be shown just now. Please try again in a moment.</p>
    </div>
  );
}
