import { Link } from 'react-router';
import type { Route } from './+types/event';
import { ApiImage } from '../components/api-image';
import { CalendarLinks } from '../components/calendar-links';
import { ItemError } from '../components/item-error';
import { JsonLd } from '../components/json-ld';
import { PageHeader } from '../components/page-header';
import { ShareButton } from '../components/share-button';
import { schoolApi } from '../lib/api.server';
import { formatLong, isoDay } from '../lib/dates';
import { eventCalendarLinks, eventJsonLd } from '../lib/event-links.server';
import { eventPlace } from '../lib/event-times.server';
import { imageUrl } from '../lib/images';
import { eventPath, shareImageUrl } from '../lib/item-links';
import { findItem, requiredId } from '../lib/item-page.server';
import { currentSchool, siteUrlFor } from '../lib/school.server';
import { pageMeta } from '../lib/seo';
import { previewText } from '../lib/share';
import '../styles/listings.css';
import '../styles/share.css';
import { NO_HYDRATION } from '../lib/hydration';

export const meta = pageMeta;

/** /Events/item?id=: one event, with its calendar links; the page its share, calendar entry and the sitemap link to. */

/** No React in the browser (docs/decisions/0075): Share is the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export async function loader({ request }: Route.LoaderArgs) {
  const id = requiredId(request, '/Events');
  const code = currentSchool(request);
  const event = findItem(await schoolApi(code).allEvents(), id);
  const origin = siteUrlFor(request, code);
  const path = eventPath(event._id);
  const picture = event.images[0];
  const image = picture ? shareImageUrl(picture, origin) : null;
  const when = [formatLong(event.date), event.time].filter(Boolean).join(', ');
  return {
    event: {
      title: event.title,
      description: event.description,
      date: event.date ?? null,
      time: event.time,
      place: eventPlace(event),
      image: picture ?? null,
      attachment: event.attachments[0] ?? null,
    },
    calendar: eventCalendarLinks(event, origin),
    shareUrl: `${origin}${path}`,
    jsonLd: eventJsonLd(event, `${origin}${path}`, image),
    seo: {
      title: event.title,
      description: previewText([when, event.description].filter(Boolean).join(': '), `A school event: ${event.title}.`),
      path,
      type: 'article' as const,
      ...(image ? { image, imageAlt: event.title } : {}),
    },
  };
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, calendar, shareUrl, jsonLd } = loaderData;
  return (
    <>
      <PageHeader title={event.title} />
      {jsonLd ? <JsonLd data={jsonLd} /> : null}
      <div className="container listing item-page">
        {event.image ? (
          <ApiImage
            className="item-page__image"
            src={event.image}
            width={1200}
            height={800}
            sizes="(min-width: 800px) 70ch, 100vw"
            alt=""
            loading="priority"
          />
        ) : null}
        <dl className="album__facts">
          <div>
            <dt>Date</dt>
            <dd>{event.date ? <time dateTime={isoDay(event.date)}>{formatLong(event.date)}</time> : 'Not given'}</dd>
          </div>
          {event.time ? (
            <div>
              <dt>Time</dt>
              <dd>{event.time}</dd>
            </div>
          ) : null}
          {event.place ? (
            <div>
              <dt>Venue</dt>
              <dd>{event.place}</dd>
            </div>
          ) : null}
        </dl>
        {event.description ? <p className="item-page__text">{event.description}</p> : null}
        {event.attachment ? (
          <p>
            <a
              className="list-card__link"
              href={imageUrl(event.attachment)}
              target="_blank"
              rel="noopener"
              aria-label={`View Attachment: ${event.title} (opens in a new tab)`}
            >
              View Attachment
            </a>
          </p>
        ) : null}
        <CalendarLinks links={calendar} title={event.title} />
        <ShareButton url={shareUrl} title={event.title} />
        <p>
          <Link className="back-link" to="/Events">
            <span aria-hidden="true">← </span>All events
          </Link>
        </p>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ItemError error={error} noun="Event" back={{ to: '/Events', label: 'All events' }} />;
}
