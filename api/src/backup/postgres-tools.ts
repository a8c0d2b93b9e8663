import { spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import { TOOL_PATH } from '../config.ts';

// pg_dump and pg_restore from Debian's postgresql-client (docs/decisions/0051). Connection
// details go through PG* environment variables, so no password appears in a process list.

/** A dump or restore that takes longer than this is stopped and reported as failed. */
export const PG_TOOL_TIMEOUT_MS = 60 * 60 * 1000;
/** pg_dump waits this long for a table lock (a migration running), then fails rather than hangs. */
const LOCK_WAIT_TIMEOUT_MS = 60_000;
const STDERR_KEEP = 4000;

/** The PG* variables libpq reads, from a postgres:// URL. */
export function pgEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  const set = (name: string, value: string | null | undefined) => {
    if (value) env[name] = value;
  };
  set('PGHOST', url.searchParams.get('host') ?? decodeURIComponent(url.hostname.replace(/^\[(.*)\]$/, '$1')));
  set('PGPORT', url.searchParams.get('port') ?? url.port);
  set('PGUSER', url.searchParams.get('user') ?? decodeURIComponent(url.username));
  set('PGPASSWORD', url.searchParams.get('password') ?? decodeURIComponent(url.password));
  // libpq's default database is the user's name; pg_restore needs one spelled out.
  set(
    'PGDATABASE',
    url.searchParams.get('dbname') ?? (decodeURIComponent(url.pathname.replace(/^\//, '')) || env.PGUSER || userInfo().username),
  );
  set('PGSSLMODE', url.searchParams.get('sslmode'));
  set('PGSSLROOTCERT', url.searchParams.get('sslrootcert'));
  set('PGAPPNAME', 'sthsm-backup');
  return env;
}

/** A pattern pg_dump takes literally (double quotes: no wildcards, case kept). */
export function literalPattern(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export class PgToolError extends Error {}

interface RunOptions {
  env: Record<string, string>;
  timeoutMs?: number;
  stdout?: boolean;
}

/** Runs a PostgreSQL client tool; rejects with its last error lines, or when it takes too long. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    // Only what the tool needs: the PATH to find it, a locale, and the connection.
    const env = { PATH: TOOL_PATH, LANG: 'C.UTF-8', ...options.env };
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: options.timeoutMs ?? PG_TOOL_TIMEOUT_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.stdout) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_KEEP);
    });
    child.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        new PgToolError(
          err.code === 'ENOENT'
            ? `${tool} is not installed: install the PostgreSQL client tools (Debian: apt-get install postgresql-client) matching the server's major version.`
            : `${tool} could not start: ${err.message}`,
        ),
      );
    });
    child.once('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else if (signal)
        reject(
          new PgToolError(
            `${tool} was stopped (${signal}) after ${Math.round((options.timeoutMs ?? PG_TOOL_TIMEOUT_MS) / 60_000)} minutes or by a signal. ${stderr.trim()}`.trim(),
          ),
        );
      else reject(new PgToolError(`${tool} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

/** The major version of an installed client tool (15 for "pg_dump (PostgreSQL) 15.20"). */
export async function toolMajorVersion(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  const out = await runPgTool(tool, ['--version'], { env: {}, timeoutMs: 30_000, stdout: true });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(out);
  if (!match?.[1]) throw new PgToolError(`Cannot read the version of ${tool} from "${out.trim()}".`);
  return Number(match[1]);
}

export const majorOf = (version: string) => Number.parseInt(version, 10);

/** Dumps one schema in pg_dump's custom format from an exported snapshot (the caller's transaction). */
export async function dumpSchema(o: { databaseUrl: string; schema: string; snapshot: string; file: string }): Promise<void> {
  await runPgTool(
    'pg_dump',
    [
      '--format=custom',
      `--schema=${literalPattern(o.schema)}`,
      `--snapshot=${o.snapshot}`,
      `--lock-wait-timeout=${LOCK_WAIT_TIMEOUT_MS}`,
      '--no-owner',
      '--no-privileges',
      `--file=${o.file}`,
    ],
    { env: pgEnvironment(o.databaseUrl) },
  );
}

/** The dump's table of contents without the schema itself (the caller creates it), for `pg_restore -L`. */
export async function restoreList(dumpFile: string): Promise<string> {
  const list = await runPgTool('pg_restore', ['--list', dumpFile], { env: {}, timeoutMs: 5 * 60_000, stdout: true });
  return list
    .split('\n')
    .filter((line) => !/^\d+; \d+ \d+ (SCHEMA|COMMENT) - /.test(line))
    .join('\n');
}

/** Restores a dump in one transaction, stopping at the first error. */
export async function restoreDump(o: { databaseUrl: string; dumpFile: string; listFile: string }): Promise<void> {
  await runPgTool(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--use-list=${o.listFile}`,
      `--dbname=${pgEnvironment(o.databaseUrl).PGDATABASE ?? userInfo().username}`,
      o.dumpFile,
    ],
    { env: pgEnvironment(o.databaseUrl) },
  );
}
