import type { Migration } from 'kysely/migration';
import * as initial from './2025-11-21-initial.ts';
import * as schoolData from './2026-11-23-school-data.ts';
import * as staff from './2026-11-24-staff.ts';
import * as backups from './2026-11-25-backups.ts';
import * as publishing from './2026-11-26-publishing.ts';
import * as privacy from './2026-11-27-privacy.ts';
import * as consent from './2026-11-28-consent.ts';
import * as media from './2026-11-29-media.ts';
import * as jobLeases from './2026-11-30-job-leases.ts';
import * as mediaChildren from './2026-12-01-media-children.ts';
import * as invitations from './2026-12-02-invitations.ts';
import * as mediaQuota from './2026-12-04-media-quota.ts';
import * as signIn from './2026-12-05-sign-in.ts';
import * as contentTrash from './2026-12-06-content-trash.ts';
import * as schools from './2026-12-07-schools.ts';
import * as pages from './2026-12-09-pages.ts';
import * as moveIn from './2026-12-10-import.ts';
import * as subscriptions from './2026-12-11-subscriptions.ts';
import * as search from './2026-12-12-search.ts';
import * as breaches from './2026-12-13-breaches.ts';
import * as rightsRequests from './2026-12-14-rights-requests.ts';
import * as guardianConsent from './2026-12-15-guardian-consent.ts';
import * as accessLog from './2026-12-16-access-log.ts';
import * as childErasure from './2026-12-17-child-erasure.ts';
import * as contentTranslations from './2026-12-18-content-translations.ts';
import * as siteWords from './2026-12-18-site-words.ts';

/** Every migration, by date-prefixed name (Kysely runs them in name order). */
export const migrations: Record<string, Migration> = {
  '2025-11-21-initial': initial,
  '2026-11-23-school-data': schoolData,
  '2026-11-24-staff': staff,
  '2026-11-25-backups': backups,
  '2026-11-26-publishing': publishing,
  '2026-11-27-privacy': privacy,
  '2026-11-28-consent': consent,
  '2026-11-29-media': media,
  '2026-11-30-job-leases': jobLeases,
  '2026-12-01-media-children': mediaChildren,
  '2026-12-02-invitations': invitations,
  '2026-12-04-media-quota': mediaQuota,
  '2026-12-05-sign-in': signIn,
  '2026-12-06-content-trash': contentTrash,
  '2026-12-07-schools': schools,
  '2026-12-09-pages': pages,
  '2026-12-10-import': moveIn,
  '2026-12-11-subscriptions': subscriptions,
  '2026-12-12-search': search,
  '2026-12-13-breaches': breaches,
  '2026-12-14-rights-requests': rightsRequests,
  '2026-12-15-guardian-consent': guardianConsent,
  '2026-12-16-access-log': accessLog,
  '2026-12-17-child-erasure': childErasure,
  '2026-12-18-content-translations': contentTranslations,
  '2026-12-18-site-words': siteWords,
};
