import type { Route } from './+types/principal-message';
import { useI18n } from '../i18n/i18n';
import { EnglishNote } from '../components/english-note';
import { ApiImage } from '../components/api-image';
import { PageHeader } from '../components/page-header';
import { schoolApi, requestLocale } from '../lib/api.server';
import { useRootData } from '../lib/root-data';
import { sanitizeRichText } from '../lib/sanitize.server';
import { data } from 'react-router';
import { NotPublished } from '../components/pages/info-page';
import { notPublished } from '../lib/pages.server';
import { fetchPage } from '../lib/school-data.server';
import { currentSchool } from '../lib/school.server';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export async function loader({ request }: Route.LoaderArgs) {
  const code = currentSchool(request);
  const [page, messages] = await Promise.all([
    fetchPage(code, 'principal-message'),
    schoolApi(code, requestLocale(request)).principalMessages(),
  ]);
  if (!page.published) return data({ ...(await notPublished(request)), html: null, portrait: null, lang: undefined }, { status: 404 });
  const first = messages?.[0];
  // Sanitized here on the server: the sanitizer never ships to the browser.
  const html = first ? sanitizeRichText(first.message) : '';
  return data({
    page: page.content,
    notPublished: false,
    html: html.trim() ? html : null,
    portrait: first?.attachments[0] ?? null,
    lang: first?.lang,
  });
}

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function PrincipalMessagePage({ loaderData }: Route.ComponentProps) {
  const { html, portrait, lang } = loaderData;
  const { t, tag, dir, contentLang, textLang, textDir, contentDir } = useI18n();
  const principal = useRootData().school?.principal;
  if (loaderData.notPublished) return <NotPublished />;
  return (
    <>
      <PageHeader />
      <div className="container info-page">
        {html ? (
          <>
            <EnglishNote lang={lang} />
            <article className="principal-message" lang={contentLang} dir={contentDir}>
              {portrait && principal ? (
                <figure className="principal-portrait">
                  {/* API attachments carry no size: a fixed 4:5 box (CSS aspect-ratio) keeps the layout still. */}
                  <ApiImage
                    src={portrait}
                    width={480}
                    height={600}
                    maxWidth={800}
                    sizes="(min-width: 768px) 280px, 70vw"
                    alt={`${principal.name}, ${principal.title}`}
                    loading="eager"
                  />
                  <figcaption>
                    <strong>{principal.name}</strong>
                    <br />
                    {principal.title}
                  </figcaption>
                </figure>
              ) : null}
              {/* The message in the page's language when the school translated it; the principal's name stays as written. */}
              <div
                className="rich-text"
                lang={textLang(lang) ?? (contentLang ? tag : undefined)}
                dir={textDir(lang) ?? (contentDir ? dir : undefined)}
                dangerouslySetInnerHTML={{ __html: html }}
              />
            </article>
          </>
        ) : (
          // SPEC §8: the message shows nothing when it cannot be loaded; the page says so.
          <section className="notice" aria-live="polite">
            <h2>{t('info.principal.unavailableTitle')}</h2>
            <p>{t('info.principal.unavailableText')}</p>
          </section>
        )}
      </div>
    </>
  );
}
