import { loadConfig } from './config.ts';
import { engineOf, migrateToLatest, openDatabase, type Db } from './db/index.ts';
import { currentSchema } from './repositories/database-info.ts';

// The frame of the operator's database commands (`npm run staff`, `npm run school`, `npm run import`):
// configuration, the database brought to the latest migration — on PostgreSQL in the schema PGOPTIONS'
// search_path names, as `npm run restore` uses, else public — the command's lines on standard output,
// and a failure as one line on standard error with exit status 1 (the command's own words for the
// errors it knows, "Failed: …" with the first line of anything else).

/** Bad arguments: said as they are, with the usage. */
export class UsageError extends Error {}

export type CommandOutcome = string[] | { lines: string[]; exitCode: number };

export async function runDatabaseCommand(
  run: (db: Db) => Promise<CommandOutcome>,
  knownErrors: ReadonlyArray<abstract new (...args: never[]) => Error> = [],
): Promise<never> {
  let exitCode = 0;
  let db: Db | undefined;
  try {
    const config = loadConfig();
    db = openDatabase(config.databaseUrl);
    const engine = engineOf(config.databaseUrl);
    await migrateToLatest(db, { engine, ...(engine === 'postgres' ? { schema: (await currentSchema(db)) ?? 'public' } : {}) });
    const outcome = await run(db);
    const lines = Array.isArray(outcome) ? outcome : outcome.lines;
    for (const line of lines) console.log(line);
    if (!Array.isArray(outcome)) exitCode = outcome.exitCode;
  } catch (err) {
    const known =
      err instanceof UsageError ||
      knownErrors.some((type) => err instanceof type) ||
      (err instanceof Error && err.message.startsWith('Invalid configuration'));
    console.error(known ? (err as Error).message : `Failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    exitCode = 1;
  } finally {
    await db?.destroy().catch(() => {});
  }
  process.exit(exitCode);
}
