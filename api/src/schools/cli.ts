// `npm run school -- …`: creating schools and their host names (OPERATIONS.md "A school from an empty install").
//   create --code CODE --name "NAME" [--host HOST ...]   last line: the one-time link to set up its first administrator
//   list                                                  one line per school: code, name, host names
//   host add --school CODE --host HOST
//   host remove --school CODE --host HOST
// Bad input exits 1 with one line saying what is wrong. Every change is in the school's audit log.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runDatabaseCommand, UsageError } from '../cli-run.ts';
import type { Db } from '../db/index.ts';
import { listSchoolsOverview } from '../repositories/schools.ts';
import { usePrivateUmask } from '../privacy/files.ts';
import { addSchoolHost, createSchool, NO_SCHOOL_LINE, removeSchoolHost, SchoolError, schoolSetupLink } from './manage.ts';

// The database and files this command creates are the user's only (issue 16).
usePrivateUmask();

const USAGE =
  'Usage: npm run school -- create --code CODE --name "NAME" [--host HOST ...] | list | host add --school CODE --host HOST | host remove --school CODE --host HOST';

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        code: { type: 'string' },
        name: { type: 'string' },
        host: { type: 'string', multiple: true },
        school: { type: 'string' },
      },
    });
  } catch (err) {
    throw new UsageError(`${err instanceof Error ? err.message.split('\n')[0] : String(err)}. ${USAGE}`);
  }
}

function required(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`Missing --${option}. ${USAGE}`);
  return value;
}

async function run(db: Db, argv: string[]): Promise<string[]> {
  const { values, positionals } = parse(argv);
  const [command, sub] = positionals;
  const context = { actor: null, now: new Date() };

  if (command === 'create') {
    const school = await createSchool(
      db,
      { code: required(values.code, 'code'), name: required(values.name, 'name'), hosts: values.host ?? [] },
      context,
    );
    const link = await schoolSetupLink(db, loadConfig(), school.code, context);
    return [
      `Created ${school.code} (${school.name}), ${school.hosts.length > 0 ? `served on ${school.hosts.join(', ')}` : 'with no host names yet'}.`,
      'Set up its first administrator with this one-time link (valid 24 hours):',
      link,
    ];
  }

  if (command === 'list') {
    const schools = await listSchoolsOverview(db);
    if (schools.length === 0) return [NO_SCHOOL_LINE];
    return schools.map((s) => [s.code, s.name, s.hosts.join(' ') || '(no host names)', ...(s.suspendedAt ? ['suspended'] : [])].join('\t'));
  }

  if (command === 'host' && (sub === 'add' || sub === 'remove')) {
    const code = required(values.school, 'school');
    const hosts = values.host ?? [];
    if (hosts.length !== 1) throw new UsageError(`Give one --host. ${USAGE}`);
    const wanted = hosts[0] as string;
    if (sub === 'add') {
      const host = await addSchoolHost(db, code, wanted, context);
      return [`${code.toUpperCase()} is now served on ${host} (every server within a minute).`];
    }
    const host = await removeSchoolHost(db, code, wanted, context);
    return [`${code.toUpperCase()} is no longer served on ${host} (every server within a minute).`];
  }

  throw new UsageError(command ? `Unknown command "${[command, sub].filter(Boolean).join(' ')}". ${USAGE}` : USAGE);
}

await runDatabaseCommand((db) => run(db, process.argv.slice(2)), [SchoolError]);
