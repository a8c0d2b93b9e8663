// One import in a process of its own, on a test's database (an SQLite file, or a PostgreSQL
// schema): the kill test ends it with SIGKILL half-way, as an operator's Ctrl-\ or an OOM kill would.
//   node import-child.ts DATABASE_URL SCHEMA|- DATA_DIR FROM CODE
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/index.ts';
import { runImport } from '../../src/import/run.ts';

const [databaseUrl = '', schema = '-', dataDir = '', from = '', code = ''] = process.argv.slice(2);
const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
const db = openDatabase(databaseUrl, schema === '-' ? {} : { schema });
await runImport({ db, config, from, school: code, dryRun: false, allowPrivate: true, actor: null });
await db.destroy();
