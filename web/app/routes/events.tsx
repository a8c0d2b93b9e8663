import { Link } from 'react-router';
import type { Route } from './+types/events';
import { ApiImage, CARD_SIZES } from '../components/api-image';
import { DatedListing } from '../components/listing/dated-listing';
import { schoolApi } from '../lib/api.server';
import { formatLong, isoDay } from '../lib/dates';
import { eventsDefaultYear } from '../lib/filters';
import { imageUrl } from '../lib/images';
import { datedListing } from '../lib/listing.server';
import { CalendarLinks } from '../components/calendar-links';
import { eventCalendarLinks } from '../lib/event-links.server';
import { googleCalendarSubscribeLink } from '../lib/event-times.server';
import { eventPath, FEED_PATHS, webcalUrl } from '../lib/item-links';
import { currentSchool, siteUrlFor } from '../lib/school.server';
import '../styles/share.css';
import { NO_HYDRATION } from '../lib/hydration';

/** No React in the browser (docs/decisions/0075): the filters are the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export async function loader({ request }: Route.LoaderArgs) {
  const code = currentSchool(request);
  const origin = siteUrlFor(request, code);
  const calendarUrl = `${origin}${FEED_PATHS.calendar}`;
  const listing = datedListing(request, await schoolApi(code).allEvents(), {
    paged: true,
    defaultYear: () => eventsDefaultYear(new Date()),
    card: (e) => ({
      _id: e._id,
      title: e.title,
      description: e.description,
      date: e.date ?? null,
      time: e.time,
      place: e.venue || e.location,
      image: e.images[0] ?? null,
      attachment: e.attachments[0] ?? null,
      calendar: eventCalendarLinks(e, origin),
    }),
  });
  // Subscribing: the calendar feed as webcal:// (calendar apps) and Google Calendar's subscribe link.
  return {
    ...listing,
    subscribe: { webcal: webcalUrl(calendarUrl), google: googleCalendarSubscribeLink(calendarUrl), ics: FEED_PATHS.calendar },
  };
}

export default function Events({ loaderData }: Route.ComponentProps) {
  return (
    <DatedListing
      data={loaderData}
      nouns={['event', 'events']}
      searchLabel="Filter events"
      failedWhat="events"
      listClass="card-grid"
      label="Events"
      intro={<SubscribeBox links={loaderData.subscribe} />}
      renderItem={(event) => (
        <article className="list-card list-card--media">
          {event.image ? (
            <ApiImage className="list-card__image" src={event.image} width={640} height={427} maxWidth={1024} sizes={CARD_SIZES} alt="" />
          ) : null}
          <div className="list-card__body">
            {event.date ? (
              <p className="list-card__date">
                <time dateTime={isoDay(event.date)}>{formatLong(event.date)}</time>
              </p>
            ) : null}
            <h2 className="list-card__title">
              <Link to={eventPath(event._id)}>{event.title}</Link>
            </h2>
            {event.description ? <p className="list-card__text">{event.description}</p> : null}
            <dl className="list-card__facts">
              {event.place ? (
                <div>
                  <dt>Venue</dt>
                  <dd>{event.place}</dd>
                </div>
              ) : null}
              {event.time ? (
                <div>
                  <dt>Time</dt>
                  <dd>{event.time}</dd>
                </div>
              ) : null}
            </dl>
            {event.attachment ? (
              <a
                className="list-card__link"
                href={imageUrl(event.attachment)}
                target="_blank"
                rel="noopener"
                aria-label={`View Attachment: ${event.title} (opens in a new tab)`}
              >
                View Attachment
              </a>
            ) : null}
            <CalendarLinks links={event.calendar} title={event.title} />
          </div>
        </article>
      )}
    />
  );
}

/** "Subscribe": the whole calendar in the visitor's calendar app, kept up to date by it. */
function SubscribeBox({ links }: { links: { webcal: string; google: string; ics: string } }) {
  return (
    <section className="calendar-subscribe" aria-labelledby="subscribe-heading">
      <h2 id="subscribe-heading">Subscribe to the school calendar</h2>
      <p>Every event in your phone's or computer's calendar, updated when the school changes one.</p>
      <p className="calendar-links">
        <a href={links.webcal}>Subscribe</a>
        <a href={links.google} target="_blank" rel="noopener" aria-label="Google Calendar: subscribe (opens in a new tab)">
          Google Calendar
        </a>
        <a href={links.ics} aria-label="Download every event (.ics)">
          Download (.ics)
        </a>
      </p>
    </section>
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
