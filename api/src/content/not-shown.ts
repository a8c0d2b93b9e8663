import { CONSENT_PURPOSE_LABELS } from '@sthsm/contract/children';
import type { Db } from '../db/index.ts';
import { hasConsentAt } from '../repositories/children.ts';
import type { ContentTypeSpec } from './registry.ts';
import type { ContentItem } from './store.ts';

// A status that tells the truth (issue 30, item 10): an item can be Published and still not be
// where visitors look — a topper or birthday whose child's consent was withdrawn or ended (the
// public reads leave it out, 0055), or an album without a date (the gallery opens on a year, so it
// shows only under "All"). The staff list and form say so next to the status.

export interface NotShown {
  /** A few words for the list's status column. */
  short: string;
  /** What is wrong and what to do, for the item's form. */
  message: string;
}

export const ALBUM_WITHOUT_DATE: NotShown = {
  short: 'Not in the gallery’s year view: no date',
  message: 'The gallery opens on a year, and this album has no Date, so visitors see it only under “All”. Add its Date.',
};

/** Why this live item is not (fully) shown on the public site now, or null when it is shown as its status says. */
export async function notShown(db: Db, spec: ContentTypeSpec, code: string, item: ContentItem, now: Date): Promise<NotShown | null> {
  if (item.displayStatus !== 'published') return null;
  const purpose = spec.consentPurpose;
  const child = item.fields.child;
  if (purpose && typeof child === 'string' && child !== '' && !(await hasConsentAt(db, code, child, purpose, now.toISOString())))
    return {
      short: 'Hidden: no guardian consent',
      message: `Not on the website: the linked child has no current guardian consent for “${CONSENT_PURPOSE_LABELS[purpose]}”. It shows again when the consent is recorded under Children.`,
    };
  if (spec.type === 'albums' && !item.fields.date) return ALBUM_WITHOUT_DATE;
  return null;
}
