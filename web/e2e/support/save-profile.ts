// Changes a school's profile the way the staff settings form will: through the API's repository,
// on the database of a server's DATA_DIR (another process than the server, so only the caches'
// lives bound when the change shows). Usage: node web/e2e/support/save-profile.ts DATA_DIR CODE JSON
// where JSON holds the top-level profile fields to replace, e.g. '{"phones":[...]}'.
import { loadConfig } from '../../../api/src/config.ts';
import { openDatabase } from '../../../api/src/db/index.ts';
import { findSchoolProfile, saveSchoolProfile } from '../../../api/src/repositories/school-profiles.ts';

const [dataDir, code, patch] = process.argv.slice(2);
if (!dataDir || !code || !patch) throw new Error('usage: save-profile.ts DATA_DIR CODE JSON');
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const db = openDatabase(config.databaseUrl);
try {
  const current = await findSchoolProfile(db, code);
  if (!current) throw new Error(`School ${code} has no profile`);
  const result = await saveSchoolProfile(db, code, { ...current.profile, ...JSON.parse(patch) }, { expectedVersion: current.version });
  if (!result.ok) throw new Error(`The save was refused: ${result.reason}`);
  console.log(`saved version ${result.record.version}`);
} finally {
  await db.destroy();
}
