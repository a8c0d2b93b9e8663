import { localeOfPath } from '@sthsm/contract/languages';
import { catalogueOf } from './catalogues.server';
import { i18nOf, type I18n } from './i18n';

/**
 * The page's language in a loader or action (their words for errors and the like): the address's
 * language. A language the school does not offer never gets this far (routes/site-layout.tsx
 * answers 404), and one without a catalogue falls back to English words.
 */
export function i18nFor(request: Request): I18n {
  const asked = localeOfPath(new URL(request.url).pathname);
  const messages = catalogueOf(asked);
  return messages ? i18nOf(asked, messages) : i18nOf('en', null);
}
