import { localeOfPath } from '@sthsm/contract/languages';
import { currentSchool } from '../lib/school.server';
import { catalogueOf } from './catalogues.server';
import { schoolMessages } from './corrections.server';
import { i18nOf, type I18n } from './i18n';

/**
 * The page's language in a loader or action (their words for errors and the like): the address's
 * language, with the request's school's corrections of its words. A language the school does not
 * offer never gets this far (routes/site-layout.tsx answers 404), and one without a catalogue falls
 * back to English words.
 */
export async function i18nFor(request: Request): Promise<I18n> {
  const asked = localeOfPath(new URL(request.url).pathname);
  const locale = catalogueOf(asked) ? asked : 'en';
  return i18nOf(locale, await schoolMessages(request, currentSchool(request), locale));
}
