import { principalMessage } from '@sthsm/content/pages/principal-message';
import type { Route } from './+types/principal-message';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import { api } from '../lib/api.server';
import { imageSrcSet, imageUrl } from '../lib/images';
import { sanitizeRichText } from '../lib/sanitize.server';
import '../styles/pages.css';

const PATH = '/principal-message';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, principalMessage.description, args);
}

export async function loader() {
  const profile = currentProfile();
  const first = (await api.principalMessages())?.[0];
  const html = first?.message ? sanitizeRichText(first.message) : '';
  return {
    schoolName: profile.name,
    principal: { name: profile.principal.name, title: profile.principal.title },
    // Sanitized here on the server: the sanitizer never ships to the browser.
    html: html.trim() ? html : null,
    portrait: first?.attachments?.[0] ?? null,
  };
}

export default function PrincipalMessagePage({ loaderData }: Route.ComponentProps) {
  const { title, section } = infoPage(PATH);
  const { html, portrait, principal } = loaderData;
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        {html ? (
          <article className="principal-message">
            {portrait ? (
              <figure className="principal-portrait">
                {/* API attachments carry no size: a fixed 4:5 box (CSS aspect-ratio) keeps the layout still. */}
                <img
                  src={imageUrl(portrait, 480)}
                  srcSet={imageSrcSet(portrait, 800)}
                  sizes="(min-width: 768px) 280px, 70vw"
                  alt={`${principal.name}, ${principal.title}`}
                  width={480}
                  height={600}
                />
                <figcaption>
                  <strong>{principal.name}</strong>
                  <br />
                  {principal.title}
                </figcaption>
              </figure>
            ) : null}
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />
          </article>
        ) : (
          <section className="notice" aria-live="polite">
            <h2>{principalMessage.unavailableHeading}</h2>
            <p>{principalMessage.unavailable}</p>
          </section>
        )}
      </div>
    </>
  );
}
