import { Link } from 'react-router';
import type { Route } from './+types/events';
import { ApiImage, CARD_SIZES } from '../components/api-image';
import { DatedListing } from '../components/listing/dated-listing';
import { schoolApi, requestLocale } from '../lib/api.server';
import { useI18n } from '../i18n/i18n';
import { useTitledName } from '../components/listing/titled-name';
import { isoDay } from '../lib/dates';
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
  const listing = datedListing(request, await schoolApi(code, requestLocale(request)).allEvents(), {
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
      lang: e.lang,
    }),
  });
  // Subscribing: the calendar feed as webcal:// (calendar apps) and Google Calendar's subscribe link.
  return {
    ...listing,
    subscribe: { webcal: webcalUrl(calendarUrl), google: googleCalendarSubscribeLink(calendarUrl), ics: FEED_PATHS.calendar },
  };
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { t, path, contentLang, textLang, longDate, textDir, contentDir } = useI18n();
  const named = useTitledName();
  return (
    <DatedListing
      data={loaderData}
      nouns={(n) => t('lists.events.count', { count: n, n: String(n) })}
      what={t('lists.events.what')}
      searchLabel={t('lists.events.filter')}
      failedWhat={t('lists.events.what')}
      listClass="card-grid"
      label={t('lists.events.label')}
      intro={<SubscribeBox links={loaderData.subscribe} />}
      renderItem={(event) => (
        <article className="list-card list-card--media">
          {event.image ? (
            <ApiImage className="list-card__image" src={event.image} width={640} height={427} maxWidth={1024} sizes={CARD_SIZES} alt="" />
          ) : null}
          <div className="list-card__body">
            {event.date ? (
              <p className="list-card__date">
                <time dateTime={isoDay(event.date)}>{longDate(event.date)}</time>
              </p>
            ) : null}
            <h2 className="list-card__title" lang={textLang(event.lang)} dir={textDir(event.lang)}>
              <Link to={path(eventPath(event._id))}>{event.title}</Link>
            </h2>
            {event.description ? (
              <p className="list-card__text" lang={textLang(event.lang)} dir={textDir(event.lang)}>
                {event.description}
              </p>
            ) : null}
            <dl className="list-card__facts">
              {event.place ? (
                <div>
                  <dt>{t('lists.venue')}</dt>
                  <dd lang={textLang(event.lang)} dir={textDir(event.lang)}>
                    {event.place}
                  </dd>
                </div>
              ) : null}
              {event.time ? (
                <div>
                  <dt>{t('lists.time')}</dt>
                  <dd lang={contentLang} dir={contentDir}>
                    {event.time}
                  </dd>
                </div>
              ) : null}
            </dl>
            {event.attachment ? (
              <a
                className="list-card__link"
                href={imageUrl(event.attachment)}
                target="_blank"
                rel="noopener"
                aria-label={named.label('lists.viewAttachmentLabel', event.title, event.lang)}
              >
                {named.content('lists.viewAttachmentLabel', event.title, t('lists.viewAttachment'), event.lang)}
              </a>
            ) : null}
            <CalendarLinks links={event.calendar} title={event.title} titleLang={event.lang} />
          </div>
        </article>
      )}
    />
  );
}

/** "Subscribe": the whole calendar in the visitor's calendar app, kept up to date by it. */
function SubscribeBox({ links }: { links: { webcal: string; google: string; ics: string } }) {
  const { t } = useI18n();
  return (
    <section className="calendar-subscribe" aria-labelledby="subscribe-heading">
      <h2 id="subscribe-heading">{t('lists.calendar.heading')}</h2>
      <p>{t('lists.calendar.text')}</p>
      <p className="calendar-links">
        <a href={links.webcal}>{t('lists.calendar.subscribe')}</a>
        <a href={links.google} target="_blank" rel="noopener" aria-label={t('lists.calendar.googleSubscribeLabel')}>
          {t('lists.calendar.google')}
        </a>
        <a href={links.ics} aria-label={t('lists.calendar.downloadLabel')}>
          {t('lists.calendar.download')}
        </a>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  const { t } = useI18n();
  return (
    <div className="container listing">
      <h1>{t('lists.events.label')}</h1>
      <p>{t('lists.events.error')}</p>
    </div>
  );
}
