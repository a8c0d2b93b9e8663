import { fullNameOf, shortNameOf } from '@sthsm/contract/profile';
import type { Route } from './+types/manifest';
import { iconUrl, themeColour } from '../lib/brand';
import { loadSchoolProfile } from '../lib/school-data.server';
import { currentSchool } from '../lib/school.server';

// The web app manifest of the request's school (docs/decisions/0133): its name, its colour and the
// icons made from its crest — none without a crest, never another school's.

export async function loader({ request }: Route.LoaderArgs) {
  const code = currentSchool(request);
  const school = await loadSchoolProfile(code);
  const name = school?.name ?? code;
  const manifest = {
    name,
    short_name: school ? shortNameOf(school) : code,
    description: `News, events, galleries and information of ${school ? fullNameOf(school) : name}.`,
    start_url: '/',
    scope: '/',
    // Opened from the home screen as an app (decision 0146): what iPhones need to receive the school's notifications.
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: themeColour(school),
    lang: 'en-IN',
    icons: school?.brand?.crest
      ? ([192, 512] as const).map((size) => ({ src: iconUrl(code, size), sizes: `${size}x${size}`, type: 'image/png' }))
      : [],
  };
  return new Response(`${JSON.stringify(manifest, null, 2)}\n`, {
    headers: {
      'content-type': 'application/manifest+json; charset=utf-8',
      // An answer made without the school's profile (the API was down) is not kept.
      'cache-control': school ? 'public, max-age=300' : 'no-store',
    },
  });
}
