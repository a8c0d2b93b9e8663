import type { Route } from './+types/service-worker';
import { iconUrl } from '../lib/brand';
import { loadSchoolProfile } from '../lib/school-data.server';
import { currentSchool } from '../lib/school.server';

// /sw.js: the service worker that shows a school's push notifications (/subscribe) and opens their
// page when one is pressed. It does nothing else on purpose: no `fetch` handler and no Cache Storage,
// so it never keeps a page (a staff page, a manage link's) or anything personal, and every request
// goes to the network as without it. Served from the site's root so that its scope is the whole
// origin; its text is written here, per school (its name and crest's icon), as plain ES2020.

/** The worker's text; `school` is the fallback title's and icon's source. */
export function serviceWorkerSource(school: { name: string | null; icon: string | null }): string {
  const settings = JSON.stringify({
    title: school.name ? `News from ${school.name}` : 'News from the school',
    icon: school.icon,
  });
  return `'use strict';
// Shows the school's notifications and opens their page. No fetch handler and no caches: see /subscribe.
const SCHOOL = ${settings};

self.addEventListener('install', () => self.skipWaiting());

/** The absolute URL of a same-origin path or URL, or null for anything else. */
function sameOrigin(value) {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.href : null;
  } catch (error) {
    return null;
  }
}

function text(value, max) {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

// Every push shows a notification, even one whose payload cannot be read: browsers withdraw the
// subscription of a site that pushes without showing anything.
self.addEventListener('push', (event) => {
  let payload = {};
  try {
    const data = event.data ? event.data.json() : {};
    if (data && typeof data === 'object') payload = data;
  } catch (error) {
    payload = {};
  }
  const title = text(payload.title, 120) || SCHOOL.title;
  const options = {
    body: text(payload.body, 300),
    data: { url: sameOrigin(payload.url) || self.location.origin + '/' },
  };
  const tag = text(payload.tag, 120);
  if (tag) options.tag = tag;
  const icon = sameOrigin(payload.icon) || SCHOOL.icon;
  if (icon) options.icon = icon;
  event.waitUntil(self.registration.showNotification(title, options));
});

// A press opens the notification's page: the open tab already showing it, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOrigin(event.notification.data && event.notification.data.url) || self.location.origin + '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const code = currentSchool(request);
  const school = await loadSchoolProfile(code);
  const source = serviceWorkerSource({
    name: school?.name ?? null,
    icon: school?.brand?.crest ? iconUrl(code, 192) : null,
  });
  return new Response(source, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      // Browsers check a worker for updates on their own; no-cache makes each check ask the server.
      'cache-control': 'no-cache',
    },
  });
}
