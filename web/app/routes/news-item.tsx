import { Link } from 'react-router';
import type { Route } from './+types/news-item';
import { ItemError } from '../components/item-error';
import { PageHeader } from '../components/page-header';
import { ShareButton } from '../components/share-button';
import { schoolApi } from '../lib/api.server';
import { formatLong, isoDay } from '../lib/dates';
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
  const id = requiredId(request, '/news');
  const code = currentSchool(request);
  const item = findItem(await schoolApi(code).news(), id);
  const origin = siteUrlFor(request, code);
  const path = newsItemPath(item._id);
  const picture = item.attachments.find(isImageRef);
  return {
    item: { title: item.title, description: item.description, date: item.date ?? null, attachment: item.attachments[0] ?? null },
    shareUrl: `${origin}${path}`,
    seo: {
      title: item.title,
      description: previewText(item.description, `News from the school: ${item.title}.`),
      path,
      type: 'article' as const,
      ...(picture ? { image: shareImageUrl(picture, origin), imageAlt: item.title } : {}),
    },
  };
}

export default function NewsItemPage({ loaderData }: Route.ComponentProps) {
  const { item, shareUrl } = loaderData;
  return (
    <>
      <PageHeader title={item.title} />
      <div className="container listing item-page">
        {item.date ? (
          <p className="list-card__date">
            <time dateTime={isoDay(item.date)}>{formatLong(item.date)}</time>
          </p>
        ) : null}
        {item.description ? <p className="item-page__text">{item.description}</p> : null}
        {item.attachment ? (
          <p>
            <a
              className="list-card__link"
              href={imageUrl(item.attachment)}
              target="_blank"
              rel="noopener"
              aria-label={`View Attachment: ${item.title} (opens in a new tab)`}
            >
              View Attachment
            </a>
          </p>
        ) : null}
        <ShareButton url={shareUrl} title={item.title} />
        <p>
          <a href="/subscribe">Get notices by e-mail or notification</a>
        </p>
        <p>
          <Link className="back-link" to="/news">
            <span aria-hidden="true">← </span>All news
          </Link>
        </p>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ItemError error={error} noun="News item" back={{ to: '/news', label: 'All news' }} />;
}
