import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { schoolSetupLink } from '../schools/manage.ts';
import { needsSetup } from './accounts.ts';

/**
 * STAFF.md: on a start with no administrator for the default school, a one-time link to create
 * the first one. Each start makes a new link and withdraws the previous one. Null when the
 * school already has an administrator (or does not exist).
 */
export async function firstStartSetupLink(db: Db, config: Config, now = new Date()): Promise<string | null> {
  if (!(await needsSetup(db, config.schoolCode))) return null;
  return schoolSetupLink(db, config, config.schoolCode, { actor: null, now });
}
