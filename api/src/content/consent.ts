import { CONSENT_PURPOSE_LABELS } from '@sthsm/contract/children';
import type { Db } from '../db/index.ts';
import { findChild, hasConsentAt } from '../repositories/children.ts';
import type { ContentTypeSpec } from './registry.ts';
import type { Snapshot } from './store.ts';

// Publishing an item that shows a child needs the guardian's consent for that purpose (issue 16,
// docs/decisions/0055). Checked on every save that leaves the item published; the public reads
// check it again at read time, so a withdrawal or an end date hides the item with no job.

export const UNKNOWN_CHILD = 'Choose a child from the consent register (Children).';

/** Why a signed preview link does not show an item: it names a child without consent for its purpose now. */
export const previewWithoutConsent = (purpose: keyof typeof CONSENT_PURPOSE_LABELS) =>
  `This preview is not shown: the item names a child without current guardian consent for “${CONSENT_PURPOSE_LABELS[purpose]}”. Record the consent under Children, or unlink the child.`;

/**
 * A signed preview link is a page anyone holding it can open, so it shows a child only with
 * consent, as the public page would: the message to answer with, or null when it may be shown.
 */
export async function previewConsentProblem(
  db: Db,
  spec: ContentTypeSpec,
  code: string,
  childId: unknown,
  now: Date,
): Promise<string | null> {
  const purpose = spec.consentPurpose;
  if (!purpose || typeof childId !== 'string' || childId === '') return null;
  return (await hasConsentAt(db, code, childId, purpose, now.toISOString())) ? null : previewWithoutConsent(purpose);
}

export type ConsentProblem = { code: 400; field: string; message: string } | { code: 422; field: string; message: string };

/** Why this version may not be saved (null: it may): an unknown child, or no consent when it would show. */
export async function consentProblem(
  db: Db,
  spec: ContentTypeSpec,
  code: string,
  next: Pick<Snapshot, 'fields' | 'status' | 'publishAt'>,
  now: Date,
): Promise<ConsentProblem | null> {
  const purpose = spec.consentPurpose;
  const childId = next.fields.child;
  if (!purpose || typeof childId !== 'string' || childId === '') return null;
  const child = await findChild(db, code, childId);
  if (!child) return { code: 400, field: 'child', message: UNKNOWN_CHILD };
  if (next.status !== 'published') return null;
  // A scheduled item needs consent when it starts to show (and the public read checks it again then).
  const at = next.publishAt && next.publishAt > now.toISOString() ? next.publishAt : now.toISOString();
  if (await hasConsentAt(db, code, child._id, purpose, at)) return null;
  return {
    code: 422,
    field: 'child',
    message: `${child.name} (${child.class}) has no current guardian consent for “${CONSENT_PURPOSE_LABELS[purpose]}”. Record it under Children, or unlink the child. Nothing was published.`,
  };
}
