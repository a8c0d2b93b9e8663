import { Link } from 'react-router';
import type { Route } from './+types/news-item';
import { EnglishNote } from '../components/english-note';
import { ItemError } from '../components/item-error';
import { PageHeader } from '../components/page-header';
import { ShareButton } from '../components/share-button';
import { schoolApi, requestLocale } from '../lib/api.server';
import { useI18n } from '../i18n/i18n';
import { useTitledName } from '../components/listing/titled-name';
import { i18nFor } from '../i18n/i18n.server';
import { isoDay } from '../lib/dates';
import { imageUrl } from '../lib/images';
import { newsItemPath, shareImageUrl } from '../lib/item-links';
import { findItem, isImageRef, requiredId } from '../lib/item-page.server';
import { currentSchool, siteUrlFor } from '../lib/school.server';
import { pageMeta } from '../lib/seo';
import { previewText } from '../lib/share';
import '../styles/listings.css';
import '../styles/share.css';
import { NO_HYDRATION } from '../lib/hydration';

export const meta = pageMeta;

/** /news/item?id=: one news item, the page its share, its feed entry and the sitemap link to. */

/** No React in the browser (docs/decisions/0075): Share is the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export async function loader({ request }: Route.LoaderArgs) {
  const code = currentSchool(request);
  // The list is asked for beside the page's words (each waits at most one API time-out).
  const [{ t, path: localized }, news] = await Promise.all([i18nFor(request), schoolApi(code, requestLocale(request)).news()]);
  const id = requiredId(request, localized('/news'));
  const item = findItem(news, id);
  const origin = siteUrlFor(request, code);
  const path = newsItemPath(item._id);
  const picture = item.attachments.find(isImageRef);
  return {
    item: {
      title: item.title,
      description: item.description,
      date: item.date ?? null,
      attachment: item.attachments[0] ?? null,
      lang: item.lang,
    },
    shareUrl: `${origin}${path}`,
    seo: {
      title: item.title,
      description: previewText(item.description, t('lists.news.shareText', { title: item.title })),
      path,
      type: 'article' as const,
      ...(picture ? { image: shareImageUrl(picture, origin), imageAlt: item.title } : {}),
    },
  };
}

export default function NewsItemPage({ loaderData }: Route.ComponentProps) {
  const { item, shareUrl } = loaderData;
  const { t, path, textLang, textDir, longDate } = useI18n();
  const named = useTitledName();
  const contentLang = textLang(item.lang);
  const contentDir = textDir(item.lang);
  return (
    <>
      <PageHeader title={item.title} titleLang={contentLang} />
      <div className="container listing item-page">
        {item.date ? (
          <p className="list-card__date">
            <time dateTime={isoDay(item.date)}>{longDate(item.date)}</time>
          </p>
        ) : null}
        {item.description ? (
          <>
            <EnglishNote lang={item.lang} />
            <p className="item-page__text" lang={contentLang} dir={contentDir}>
              {item.description}
            </p>
          </>
        ) : null}
        {item.attachment ? (
          <p>
            <a
              className="list-card__link"
              href={imageUrl(item.attachment)}
              target="_blank"
              rel="noopener"
              aria-label={named.label('lists.viewAttachmentLabel', item.title, item.lang)}
            >
              {named.content('lists.viewAttachmentLabel', item.title, t('lists.viewAttachment'), item.lang)}
            </a>
          </p>
        ) : null}
        <ShareButton url={shareUrl} title={item.title} titleLang={item.lang} />
        <p>
          <a href={path('/subscribe')}>{t('lists.subscribeNotices')}</a>
        </p>
        <p>
          <Link className="back-link" to={path('/news')}>
            <span aria-hidden="true">← </span>
            {t('lists.news.all')}
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
      noun={t('lists.news.item')}
      lowerNoun={t('lists.news.itemLower')}
      back={{ to: '/news', label: t('lists.news.all') }}
    />
  );
}
