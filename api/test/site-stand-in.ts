import { createRequestHandler, type EntryContext, type ServerBuild } from 'react-router';

// A tiny React Router server build for API tests of api/src/site.ts: React Router's real request
// handler (its action dispatch and its own cross-origin check included) over four routes, without
// the web build. Pages say which URL React Router saw; the alumni action records what it was
// given and, like web/app/routes/alumni.tsx, can post the form on to the API over loopback.

export interface ActionCall {
  url: string;
  origin: string | null;
  /** What the API answered when the action posted on to it. */
  apiStatus?: number;
}

export interface StandInSite {
  build: ServerBuild;
  /** Every action run, in order. */
  actions: ActionCall[];
  /** Every document render: the URL React Router was handed. */
  renders: string[];
  /** Errors React Router reported through the entry's handleError. */
  errors: unknown[];
  /** When set, the alumni action posts this JSON body to `${postTo.origin}/api/form/STHSM/alumni`. */
  postTo?: { origin: string; body: Record<string, string>; forwardedFor?: string };
}

const page = (id: string, extra: Record<string, unknown> = {}) => ({ default: () => null, ...extra, id });

export function standInSite(): StandInSite {
  const site: StandInSite = { actions: [], renders: [], errors: [], build: undefined as unknown as ServerBuild };

  async function alumniAction({ request }: { request: Request }) {
    const call: ActionCall = { url: request.url, origin: request.headers.get('origin') };
    site.actions.push(call);
    await request.text();
    if (site.postTo) {
      // The same request web/app/lib/api.server.ts postForm makes: JSON, the visitor's address, a time-out.
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (site.postTo.forwardedFor) headers['x-forwarded-for'] = site.postTo.forwardedFor;
      const response = await fetch(`${site.postTo.origin}/api/form/STHSM/alumni`, {
        method: 'POST',
        headers,
        body: JSON.stringify(site.postTo.body),
        signal: AbortSignal.timeout(5_000),
      });
      call.apiStatus = response.status;
    }
    return { sent: true };
  }

  function handleDocument(request: Request, status: number, headers: Headers, context: EntryContext): Response {
    site.renders.push(request.url);
    const nonce = request.headers.get('x-csp-nonce') ?? '';
    const body =
      `<!DOCTYPE html><html><head><script nonce="${nonce}">window.x=1</script></head><body>` +
      `<h1>${new URL(request.url).pathname}</h1><p id="url">${request.url}</p>` +
      `<p id="action">${JSON.stringify(context.staticHandlerContext.actionData ?? null)}</p></body></html>`;
    headers.set('content-type', 'text/html; charset=utf-8');
    return new Response(body, { status, headers });
  }

  const routes = {
    root: { id: 'root', path: '', module: page('root') },
    'routes/home': { id: 'routes/home', parentId: 'root', index: true, module: page('routes/home', { loader: () => ({ home: true }) }) },
    'routes/news': { id: 'routes/news', parentId: 'root', path: 'news', module: page('routes/news', { loader: () => ({ news: [] }) }) },
    'routes/alumni': { id: 'routes/alumni', parentId: 'root', path: 'alumni', module: page('routes/alumni', { action: alumniAction }) },
    'routes/not-found': {
      id: 'routes/not-found',
      parentId: 'root',
      path: '*',
      module: page('routes/not-found', {
        loader: () => {
          throw new Response('Not found', { status: 404 });
        },
      }),
    },
  };
  site.build = serverBuildOf(routes, {
    handleDocument,
    handleError: (error) => {
      site.errors.push(error);
    },
    hasAction: (id) => id === 'routes/alumni',
    hasLoader: (id) => id !== 'root' && id !== 'routes/alumni',
  });
  return site;
}

/** React Router's own handler for a stand-in build (the one mountSite makes from it). */
export function standInHandler(site: StandInSite) {
  return createRequestHandler(site.build, 'production');
}

interface StandInRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: Record<string, unknown>;
}

/**
 * A React Router server build from route modules and a document shell: what a compiled app hands
 * the request handler, without the web build.
 */
export function serverBuildOf(
  routes: Record<string, StandInRoute>,
  shell: {
    handleDocument: (request: Request, status: number, headers: Headers, context: EntryContext) => Response;
    handleError?: (error: unknown) => void;
    hasAction: (id: string) => boolean;
    hasLoader: (id: string) => boolean;
  },
): ServerBuild {
  const assetRoutes = Object.fromEntries(
    Object.values(routes).map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parentId,
        path: r.path,
        index: r.index,
        module: `/assets/${r.id}.js`,
        hasAction: shell.hasAction(r.id),
        hasLoader: shell.hasLoader(r.id),
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: false,
      },
    ]),
  );
  // The ServerBuild's types describe a compiled app; this literal holds what the handler reads.
  return {
    entry: { module: { default: shell.handleDocument, handleError: shell.handleError ?? (() => {}) } },
    routes,
    assets: { entry: { module: '/assets/entry.js', imports: [] }, routes: assetRoutes, url: '/assets/manifest.js', version: 'test' },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    allowedActionOrigins: false,
  } as unknown as ServerBuild;
}
