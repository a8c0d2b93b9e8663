// `npm run import -- --from URL --school CODE [--dry-run] [--timeout SECONDS]` (OPERATIONS.md "Moving in"): the
// platform operator's import of a school's content from the site it has now. Prints the report,
// the fixed line `Imported N items and M files; K unchanged, F failed.` last; exits 0 when nothing
// failed, 1 when something did (the report says what) or the command could not run (one line).
// The operator's command line may read from a private address (docs/decisions/0137).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { engineOf, migrateToLatest, openDatabase, type Db } from '../db/index.ts';
import { usePrivateUmask } from '../privacy/files.ts';
import { ImportError, reportLines, runImport } from './run.ts';

usePrivateUmask();

const USAGE = 'Usage: npm run import -- --from URL --school CODE [--dry-run] [--timeout SECONDS]';

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      options: {
        from: { type: 'string' },
        school: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        timeout: { type: 'string' },
      },
    }).values;
  } catch (err) {
    throw new ImportError(`${err instanceof Error ? err.message.split('\n')[0] : String(err)}. ${USAGE}`);
  }
}

/** `--timeout SECONDS`: each request's time-out (for a slow source); the defaults otherwise. */
function timeoutOf(value: string | undefined) {
  if (value === undefined) return {};
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || seconds <= 0 || seconds > 600)
    throw new ImportError(`--timeout must be a number of seconds from 0.1 to 600, not "${value}".`);
  return { timeoutMs: seconds * 1000, fileTimeoutMs: seconds * 1000 };
}

let code = 0;
let db: Db | undefined;
try {
  const values = parse(process.argv.slice(2));
  if (!values.from) throw new ImportError(`Missing --from. ${USAGE}`);
  if (!values.school) throw new ImportError(`Missing --school. ${USAGE}`);
  const config = loadConfig();
  db = openDatabase(config.databaseUrl);
  await migrateToLatest(db, { engine: engineOf(config.databaseUrl) });
  const report = await runImport({
    db,
    config,
    from: values.from,
    school: values.school,
    dryRun: values['dry-run'],
    allowPrivate: true,
    actor: null,
    client: timeoutOf(values.timeout),
  });
  for (const line of reportLines(report)) console.log(line);
  if (report.problems.length > 0) code = 1;
} catch (err) {
  const known = err instanceof ImportError || (err instanceof Error && err.message.startsWith('Invalid configuration'));
  console.error(known ? (err as Error).message : `Failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
  code = 1;
} finally {
  await db?.destroy().catch(() => {});
}
process.exit(code);
