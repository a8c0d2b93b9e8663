// `npm run school:export -- [--school CODE]... [--out FILE]`: writes the school file of the named
// schools (default: SCHOOL_CODE) for SCHOOL_PROFILE_FILE (docs/decisions/0023), to FILE or stdout.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { engineOf, migrateToLatest, openDatabase } from '../db/index.ts';
import { exportSchoolFile } from './export.ts';

let options: { school?: string[]; out?: string };
try {
  ({ values: options } = parseArgs({ options: { school: { type: 'string', multiple: true }, out: { type: 'string' } } }));
} catch (err) {
  console.error(`${err instanceof Error ? err.message : String(err)} (usage: npm run school:export -- [--school CODE]... [--out FILE])`);
  process.exit(2);
}

const config = loadConfig();
const db = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(db, { engine: engineOf(config.databaseUrl) });
  const codes = options.school?.length ? options.school : [config.schoolCode];
  const json = `${JSON.stringify(await exportSchoolFile(db, codes), null, 2)}\n`;
  if (options.out) {
    writeFileSync(options.out, json);
    console.error(`Wrote the school file of ${codes.join(', ')} to ${options.out}.`);
  } else {
    process.stdout.write(json);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
