import { Link } from 'react-router';
import type { Route } from './+types/event';
import { ApiImage } from '../components/api-image';
import { CalendarLinks } from '../components/calendar-links';
import { EnglishNote } from '../components/english-note';
import { ItemError } from '../components/item-error';
import { JsonLd } from '../components/json-ld';
import { PageHeader } from '../components/page-header';
import { ShareButton } from '../components/share-button';
import { schoolApi, requestLocale } from '../lib/api.server';
import { useI18n } from '../i18n/i18n';
import { useTitledName } from '../components/listing/titled-name';
import { i18nFor } from '../i18n/i18n.server';
import { isoDay } from '../lib/dates';
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
  const code = currentSchool(request);
  // The list is asked for beside the page's words (each waits at most one API time-out).
  const [{ t, path: localized, longDate }, events] = await Promise.all([
    i18nFor(request),
    schoolApi(code, requestLocale(request)).allEvents(),
  ]);
  const id = requiredId(request, localized('/Events'));
  const event = findItem(events, id);
  const origin = siteUrlFor(request, code);
  const path = eventPath(event._id);
  const picture = event.images[0];
  const image = picture ? shareImageUrl(picture, origin) : null;
  const when = [longDate(event.date), event.time].filter(Boolean).join(', ');
  return {
    event: {
      title: event.title,
      description: event.description,
      date: event.date ?? null,
      time: event.time,
      place: eventPlace(event),
      image: picture ?? null,
      attachment: event.attachments[0] ?? null,
      lang: event.lang,
    },
    calendar: eventCalendarLinks(event, origin),
    shareUrl: `${origin}${path}`,
    jsonLd: eventJsonLd(event, `${origin}${path}`, image),
    seo: {
      title: event.title,
      description: previewText([when, event.description].filter(Boolean).join(': '), t('lists.events.shareText', { title: event.title })),
      path,
      type: 'article' as const,
      ...(image ? { image, imageAlt: event.title } : {}),
    },
  };
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, calendar, shareUrl, jsonLd } = loaderData;
  const { t, path, contentLang, textLang, textDir, longDate, contentDir } = useI18n();
  const named = useTitledName();
  const textOf = textLang(event.lang);
  const dirOf = textDir(event.lang);
  return (
    <>
      <PageHeader title={event.title} titleLang={textOf} />
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
        {/* The event's title, time, venue and text are the school's. */}
        <EnglishNote lang={event.lang} />
        <dl className="album__facts">
          <div>
            <dt>{t('lists.date')}</dt>
            <dd>{event.date ? <time dateTime={isoDay(event.date)}>{longDate(event.date)}</time> : t('lists.notGiven')}</dd>
          </div>
          {event.time ? (
            <div>
              <dt>{t('lists.time')}</dt>
              <dd lang={contentLang} dir={contentDir}>
                {event.time}
              </dd>
            </div>
          ) : null}
          {event.place ? (
            <div>
              <dt>{t('lists.venue')}</dt>
              <dd lang={textOf} dir={dirOf}>
                {event.place}
              </dd>
            </div>
          ) : null}
        </dl>
        {event.description ? (
          <p className="item-page__text" lang={textOf} dir={dirOf}>
            {event.description}
          </p>
        ) : null}
        {event.attachment ? (
          <p>
            <a
              className="list-card__link"
              href={imageUrl(event.attachment)}
              target="_blank"
              rel="noopener"
              aria-label={named.label('lists.viewAttachmentLabel', event.title, event.lang)}
            >
              {named.content('lists.viewAttachmentLabel', event.title, t('lists.viewAttachment'), event.lang)}
            </a>
          </p>
        ) : null}
        <CalendarLinks links={calendar} title={event.title} titleLang={event.lang} />
        <ShareButton url={shareUrl} title={event.title} titleLang={event.lang} />
        <p>
          <Link className="back-link" to={path('/Events')}>
            <span aria-hidden="true">← </span>
            {t('lists.events.all')}
          </Link>
        </p>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useI18n();
  return (
    <ItemError
      error={error}
      noun={t('lists.events.item')}
      lowerNoun={t('lists.events.itemLower')}
      back={{ to: '/Events', label: t('lists.events.all') }}
    />
  );
}
