import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation } from 'react-router';
import type { Route } from './+types/root';
import { JsonLd } from './components/JsonLd';
import { Announcements } from './components/shell/Announcements';
import { SiteFooter } from './components/shell/SiteFooter';
import { SiteHeader } from './components/shell/SiteHeader';
import { api } from './lib/api.server';
import { schoolJsonLd } from './lib/school-jsonld';
import { pageMeta } from './lib/seo';
import { useNonce } from './lib/nonce';
import { findPage } from './lib/site-map';
import { shellSchool, siteUrl } from './lib/site.server';
import './styles/site.css';

/** Defaults for pages without a `meta` of their own: title and description from the site map. */
export function meta({ loaderData, location }: Route.MetaArgs) {
  const schoolName = loaderData?.school.name ?? 'School';
  const entry = findPage(location.pathname);
  const seo = entry
    ? { title: entry.path === '/' ? loaderData?.school.fullName ?? entry.title : entry.title, description: entry.description, path: entry.path }
    : { title: 'Page not found', description: 'This page does not exist.', path: location.pathname };
  return pageMeta(seo, loaderData?.siteUrl ?? '', schoolName);
}

export function links(): Route.LinkDescriptors {
  return [
    { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
    { rel: 'manifest', href: '/manifest.webmanifest' },
  ];
}

export async function loader() {
  const school = shellSchool();
  return { siteUrl: siteUrl(), school, highlights: await api.highlights() };
}

export function Layout({ children }: { children: React.ReactNode }) {
  // The CSP nonce of this response (api/src/site.ts → entry.server.tsx); '' in the browser.
  const nonce = useNonce() || undefined;
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#12386b" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">Skip to main content</a>
        {children}
        {/* Restores the scroll position on back/forward and scrolls to the top on every new page (SPEC §2). */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * After a client-side move to another page, focus goes to the main content (as a full page load
 * would start there via the skip link), so keyboard and screen-reader users are not left on a
 * link that no longer exists. Filter changes on the same page keep focus where it is.
 */
function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export default function App() {
  const { school, siteUrl: origin, highlights } = useLoaderData<typeof loader>();
  useFocusMainOnNavigation();
  return (
    <>
      <SiteHeader school={school} />
      <Announcements highlights={highlights} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter school={school} />
      <JsonLd data={schoolJsonLd(school, origin)} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Unexpected Application Error!';
  if (!notFound) console.error(error);
  return (
    <main id="main" className="error-screen">
      <title>{title}</title>
      <div className="container section">
        <img src="/favicon.svg" width={72} height={72} alt="" />
        <h1>{title}</h1>
        <p>{notFound ? 'We could not find that page.' : 'Something went wrong while showing this page. Please try again in a moment.'}</p>
        <p>
          <Link className="btn" to="/" reloadDocument>
            Go to the home page
          </Link>
        </p>
      </div>
    </main>
  );
}
