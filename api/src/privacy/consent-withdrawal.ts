import type { ConsentPurpose } from '@sthsm/contract/children';
import { contentChanged } from '../cache.ts';
import type { Config } from '../config.ts';
import { bumpContentVersion } from '../content/state.ts';
import type { Db } from '../db/index.ts';
import { purgeHiddenVariants } from '../media/consent-variants.ts';
import { withdrawConsents, type Withdrawer } from '../repositories/children.ts';
import { photosOfChild } from '../repositories/media-children.ts';

// Withdrawing a child's consent (issue 16; issue 37): the ONE path for a staff member's withdrawal
// and a guardian's through their link. In one transaction the consents are marked withdrawn (by
// whom), the caller's audit entry is written and the school's content counter is bumped, so every
// cached page and answer showing the child drops at once on every server; then the photos showing
// the child lose their made copies (the file route already refuses them).

export async function withdrawChildConsent(
  deps: { db: Db; config: Config },
  o: {
    code: string;
    childId: string;
    purposes: readonly ConsentPurpose[];
    at: Date;
    by: Withdrawer;
    /** The audit entry, in the same transaction; `photos`: how many photos show the child. */
    audit: (trx: Db, withdrawn: string[], photos: number) => Promise<void>;
  },
): Promise<ConsentPurpose[]> {
  const { db, config } = deps;
  const { code, childId, at } = o;
  const photos = await photosOfChild(db, code, childId);
  const withdrawn = await db.transaction().execute(async (trx) => {
    const done = await withdrawConsents(trx as Db, code, childId, o.purposes, at.toISOString(), o.by);
    if (done.length === 0) return done;
    await o.audit(trx as Db, done, photos.length);
    await bumpContentVersion(trx as Db, code, at);
    return done;
  });
  if (withdrawn.length > 0) contentChanged(code);
  if (withdrawn.includes('photos')) await purgeHiddenVariants(db, config, photos, at);
  return withdrawn as ConsentPurpose[];
}
