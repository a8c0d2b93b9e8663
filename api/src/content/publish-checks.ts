import type { Db } from '../db/index.ts';
import { unconsentedChildrenIn } from '../repositories/media-children.ts';
import { findMediaByRefs } from '../repositories/media.ts';
import { altTextProblem } from './alt-text.ts';
import { consentProblem, type ConsentProblem } from './consent.ts';
import type { ContentTypeSpec } from './registry.ts';
import type { Snapshot } from './store.ts';

// What every save of a content item checks before it may leave the item published (or scheduled):
// the child it names has consent (0055), every library photo of an album has alt text (issue 15),
// and no photo of an album shows a child without consent for photos (0057).

export const PHOTO_CONSENT_FIRST = 'These photos show children without current guardian consent for “Photos on the site”:';

/** Why an album version may not be published: a photo tagged with a child who lacks photo consent (null: it may). */
export async function photoConsentProblem(
  db: Db,
  spec: ContentTypeSpec,
  code: string,
  next: Pick<Snapshot, 'fields' | 'status' | 'publishAt'>,
  now: Date,
): Promise<ConsentProblem | null> {
  if (spec.type !== 'albums' || next.status !== 'published') return null;
  const refs = Array.isArray(next.fields.attachments) ? next.fields.attachments.filter((r): r is string => typeof r === 'string') : [];
  // A scheduled album needs the consent when it starts to show (the public read checks it again then).
  const at = next.publishAt && next.publishAt > now.toISOString() ? next.publishAt : now.toISOString();
  const lacking = await unconsentedChildrenIn(db, code, refs, at);
  if (lacking.length === 0) return null;
  const names = new Map(
    (
      await findMediaByRefs(
        db,
        code,
        lacking.map((l) => l.ref),
      )
    ).map((r) => [r.item.ref, r.item.name]),
  );
  const listed = lacking.map((l) => `${l.name} (${l.class}) in ${names.get(l.ref) ?? 'a photo'}`);
  const shown = listed.length > 10 ? [...listed.slice(0, 10), `and ${listed.length - 10} more`] : listed;
  return {
    code: 422,
    field: 'attachments',
    message: `${PHOTO_CONSENT_FIRST} ${shown.join(', ')}. Record the consent under Children, untag the child, or remove the photo. Nothing was published.`,
  };
}

export const ALBUM_NEEDS_DATE =
  'An album needs its Date before it is published: the gallery opens on a year, so without one visitors would find it only under “All”. Nothing was published.';

/** An album goes live only with its Date (issue 30, item 10): the gallery's first view is a year. */
function albumDateProblem(spec: ContentTypeSpec, next: Pick<Snapshot, 'fields' | 'status'>): ConsentProblem | null {
  if (spec.type !== 'albums' || next.status !== 'published' || next.fields.date) return null;
  return { code: 400, field: 'date', message: ALBUM_NEEDS_DATE };
}

/** The first reason this version may not be saved as it is, or null. */
export async function publishProblem(
  db: Db,
  spec: ContentTypeSpec,
  code: string,
  next: Pick<Snapshot, 'fields' | 'status' | 'publishAt'>,
  now: Date,
): Promise<ConsentProblem | null> {
  return (
    albumDateProblem(spec, next) ??
    (await consentProblem(db, spec, code, next, now)) ??
    (await altTextProblem(db, spec, code, next)) ??
    (await photoConsentProblem(db, spec, code, next, now))
  );
}
