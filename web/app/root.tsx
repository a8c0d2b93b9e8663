import { useEffect } from 'react';
import { localeOfPath } from '@sthsm/contract/languages';
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { brandCss, iconUrl, themeColour } from './lib/brand';
import { useHydration, useShellAssets } from './lib/hydration';
import { useNonce } from './lib/nonce';
import { restoreTypedText } from './lib/typed-before-start';
import type { RootData } from './lib/root-data';
import { loadSchoolProfile } from './lib/school-data.server';
import { currentSchool, siteUrlFor } from './lib/school.server';
import { pageMeta } from './lib/seo';
import { catalogueOf } from './i18n/catalogues.server';
import { schoolMessages } from './i18n/corrections.server';
import { I18nProvider, useI18n } from './i18n/i18n';
import { localeOf } from './i18n/locale.server';
import { scriptFontCss, scriptFontOf } from './i18n/fonts';
import './styles/site.css';

/** Every page's head, from the page table and the request's school (lib/seo.ts). */
export const meta = pageMeta;

export function links(): Route.LinkDescriptors {
  // The school's own (routes/manifest.ts); its icons are in the Layout, which knows the school.
  return [{ rel: 'manifest', href: '/manifest.webmanifest' }];
}

/**
 * The school's favicon and colours in the head (docs/decisions/0133): its crest's icons, or an
 * empty icon that stops the browser asking for /favicon.ico (no other school's crest stands in);
 * its colours as the stylesheet's custom properties before the first paint, so nothing shifts.
 */
function BrandHead({ nonce }: { nonce: string | undefined }) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const school = root?.school ?? null;
  const css = brandCss(school);
  return (
    <>
      <meta name="theme-color" content={themeColour(school)} />
      {root && school?.brand?.crest ? (
        <>
          <link rel="icon" href={iconUrl(root.code, 32)} type="image/png" sizes="32x32" />
          <link rel="apple-touch-icon" href={iconUrl(root.code, 180)} />
        </>
      ) : (
        <link rel="icon" href="data:," />
      )}
      {css ? <style nonce={nonce}>{css}</style> : null}
    </>
  );
}

/** What every page, public or staff, needs: the school of the request and its public origin. */
export async function loader({ request }: Route.LoaderArgs): Promise<RootData> {
  const code = currentSchool(request);
  // The school's wording of the address's language is asked for beside its profile (the same answer
  // the page's loader gets: corrections.server.ts asks once per request).
  const fromPath = localeOfPath(new URL(request.url).pathname);
  const asked = catalogueOf(fromPath) ? fromPath : 'en';
  const early = schoolMessages(request, code, asked);
  const school = await loadSchoolProfile(code);
  const { locale } = localeOf(request, school);
  const messages = locale === asked ? await early : await schoolMessages(request, code, locale);
  return { siteUrl: siteUrlFor(request, code), code, school, locale, messages };
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The CSP nonce of this response (api/src/site.ts → entry.server.tsx); '' in the browser.
  const nonce = useNonce() || undefined;
  // Pages that opt out of hydration get the shell's small script instead of React (lib/hydration.ts).
  const { hydrates, island } = useHydration();
  const shell = useShellAssets();
  const islandUrl = island ? shell.islands[island] : undefined;
  const root = useRouteLoaderData('root') as RootData | undefined;
  return (
    <I18nProvider locale={root?.locale ?? 'en'} messages={root?.messages ?? null}>
      <Document nonce={nonce} hydrates={hydrates} script={shell.script} islandUrl={islandUrl}>
        {children}
      </Document>
    </I18nProvider>
  );
}

/** The page itself, in its language: `lang` and `dir` on <html>, the skip link in its words. */
function Document({
  nonce,
  hydrates,
  script,
  islandUrl,
  children,
}: {
  nonce: string | undefined;
  hydrates: boolean;
  script: string;
  islandUrl: string | undefined;
  children: React.ReactNode;
}) {
  const { t, tag, dir, locale } = useI18n();
  const font = scriptFontOf(locale);
  return (
    <html lang={tag} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <BrandHead nonce={nonce} />
        {font ? (
          <>
            <style nonce={nonce}>{scriptFontCss(font)}</style>
          </>
        ) : null}
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t('shell.skipLink')}
        </a>
        {children}
        {hydrates ? (
          <>
            {/* Restores the scroll position on back/forward and scrolls to the top on every new page (SPEC §2). */}
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          // The shell's behaviours without React; full page loads restore the scroll position themselves.
          // A page's one island (decision 0076) is a module: deferred, it never delays the first paint.
          <>
            {/* oxlint-disable-next-line react/no-danger -- our own script, built from lib/enhance.server.ts, never from content */}
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
            {islandUrl ? <script type="module" src={islandUrl} nonce={nonce} /> : null}
          </>
        )}
      </body>
    </html>
  );
}

/** The document's body: the public site (routes/site-layout.tsx) or the staff area, each with its own layout. */
export default function App() {
  // Effects run child first: this one runs once the whole page has hydrated.
  useEffect(restoreTypedText, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const { t, path } = useI18n();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? t('shell.notFoundTitle') : t('shell.errorTitle');
  // A 4xx (a POST to a page without a form…) was logged in one line by handleError (lib/log-error.server.ts).
  if (!isRouteErrorResponse(error) || error.status >= 500) console.error(error);
  return (
    <main id="main" className="error-screen">
      <title>{title}</title>
      <div className="container section">
        {root?.school?.brand?.crest ? <img src={iconUrl(root.code, 192)} width={72} height={72} alt="" /> : null}
        <h1>{title}</h1>
        <p>{notFound ? t('shell.notFoundShort') : t('shell.errorLine')}</p>
        <p>
          <Link className="btn" to={path('/')} reloadDocument>
            {t('shell.goHome')}
          </Link>
        </p>
      </div>
    </main>
  );
}
