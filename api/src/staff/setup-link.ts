import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { recordAudit } from './audit.ts';
import { needsSetup } from './accounts.ts';
import { issueToken, linkUrl, schoolOrigin } from './links.ts';

/**
 * STAFF.md: on a start with no administrator for the default school, a one-time link to create
 * the first one. Each start makes a new link and withdraws the previous one. Null when the
 * school already has an administrator (or does not exist).
 */
export async function firstStartSetupLink(db: Db, config: Config, now = new Date()): Promise<string | null> {
  if (!(await needsSetup(db, config.schoolCode))) return null;
  const token = await db.transaction().execute(async (trx) => {
    const t = await issueToken(trx, 'setup', { schoolCode: config.schoolCode }, now);
    await recordAudit(trx, { action: 'staff.setup_link_created', school: config.schoolCode, target: 'first administrator', at: now });
    return t;
  });
  return linkUrl(await schoolOrigin(db, config, config.schoolCode), 'setup', token);
}
