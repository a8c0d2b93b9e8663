import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/news';
import { DatedListing } from '../components/listing/dated-listing';
import { useTitledName } from '../components/listing/titled-name';
import { schoolApi, requestLocale } from '../lib/api.server';
import { useI18n } from '../i18n/i18n';
import { isoDay } from '../lib/dates';
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
  return datedListing(request, await schoolApi(currentSchool(request), requestLocale(request)).news(), {
    paged: true,
    defaultYear: newsDefaultYear,
    card: (n) => ({
      _id: n._id,
      date: n.date ?? null,
      title: n.title,
      description: n.description,
      attachment: n.attachments[0] ?? null,
      lang: n.lang,
    }),
  });
}

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export default function News({ loaderData }: Route.ComponentProps) {
  const { t, rich, path, textLang, longDate, textDir } = useI18n();
  const named = useTitledName();
  return (
    <DatedListing
      data={loaderData}
      nouns={(n) => t('lists.news.count', { count: n, n: String(n) })}
      what={t('lists.news.what')}
      searchLabel={t('lists.news.filter')}
      failedWhat={t('lists.news.failedWhat')}
      listClass="card-list"
      label={t('lists.news.label')}
      intro={<p className="listing__total">{rich('lists.news.total', { total: String(loaderData.total), b: strong })}</p>}
      renderItem={(item) => (
        <article className="list-card">
          {item.date ? (
            <p className="list-card__date">
              <time dateTime={isoDay(item.date)}>{longDate(item.date)}</time>
            </p>
          ) : null}
          <h2 className="list-card__title" lang={textLang(item.lang)} dir={textDir(item.lang)}>
            <Link to={path(newsItemPath(item._id))}>{item.title}</Link>
          </h2>
          {item.description ? (
            <p className="list-card__text" lang={textLang(item.lang)} dir={textDir(item.lang)}>
              {item.description}
            </p>
          ) : null}
          {item.attachment ? (
            <a
              className="list-card__link"
              href={imageUrl(item.attachment)}
              target="_blank"
              rel="noopener"
              aria-label={named.label('lists.viewAttachmentLabel', item.title, item.lang)}
            >
              {named.content('lists.viewAttachmentLabel', item.title, t('lists.viewAttachment'), item.lang)}
            </a>
          ) : null}
        </article>
      )}
    />
  );
}

export function ErrorBoundary() {
  const { t } = useI18n();
  return (
    <div className="container listing">
      <h1>{t('lists.news.label')}</h1>
      <p>{t('lists.news.error')}</p>
    </div>
  );
}
