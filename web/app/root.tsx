import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import './styles/site.css';

export async function loader() {
  return { siteUrl: (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`).replace(/\/+$/, '') };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="error-screen">
      <title>{notFound ? 'Page not found' : 'Unexpected Application Error!'}</title>
      <h1>{notFound ? 'Page not found' : 'Unexpected Application Error!'}</h1>
      <p>{notFound ? 'We could not find that page.' : 'Something went wrong while showing this page.'}</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}
