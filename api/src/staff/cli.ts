// `npm run staff -- …`: the platform operator's tool (STAFF.md "Getting in").
//   add --school CODE --email EMAIL --role admin|editor|contributor [--name NAME] [--password-stdin]
//   operator --email EMAIL [--name NAME] [--password-stdin]
// Prints a one-time set-password link as the last line; bad input exits 1 with one line.
import { parseArgs } from 'node:util';
import { text } from 'node:stream/consumers';
import { STAFF_ROLES, type StaffRole } from '@sthsm/contract/staff';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { runDatabaseCommand, UsageError } from '../cli-run.ts';
import type { Db } from '../db/index.ts';
import { schoolExists } from '../repositories/schools.ts';
import { findUserByEmail, insertMembership, insertUser, updateUser } from '../repositories/staff-users.ts';
import { AccountError, inviteToSchool, nameFromEmail, newUserId } from './accounts.ts';
import { recordAudit } from './audit.ts';
import { issueToken, linkUrl, schoolOrigin } from './links.ts';
import { passwordProblem } from './passwords.ts';
import { hashPassword } from './secrets.ts';
import { usePrivateUmask } from '../privacy/files.ts';

// The database and files this command creates are the user's only (issue 16).
usePrivateUmask();

const USAGE = 'Usage: npm run staff -- add --school CODE --email EMAIL --role admin|editor|contributor [--name NAME] [--password-stdin]';

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        school: { type: 'string' },
        email: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
      },
    });
  } catch (err) {
    throw new UsageError(`${err instanceof Error ? err.message.split('\n')[0] : String(err)}. ${USAGE}`);
  }
}

function emailOf(value: string | undefined): string {
  if (!value) throw new UsageError(`Missing --email. ${USAGE}`);
  const parsed = z.email().safeParse(value.trim().toLowerCase());
  if (!parsed.success) throw new UsageError(`"${value}" is not a valid e-mail address.`);
  return parsed.data;
}

async function passwordFromStdin(email: string): Promise<string> {
  const password = (await text(process.stdin)).replace(/\r?\n$/, '');
  const problem = passwordProblem(password, email);
  if (problem) throw new UsageError(`The password from standard input is not accepted: ${problem}`);
  return password;
}

async function run(db: Db, argv: string[]): Promise<string[]> {
  const { values, positionals } = parse(argv);
  const command = positionals[0];
  const config = loadConfig();
  const now = new Date();
  const email = emailOf(values.email);
  const password = values['password-stdin'] ? await passwordFromStdin(email) : null;
  const passwordHash = password ? await hashPassword(password) : null;

  if (command === 'add') {
    if (!values.school) throw new UsageError(`Missing --school. ${USAGE}`);
    if (!values.role) throw new UsageError(`Missing --role. ${USAGE}`);
    if (!STAFF_ROLES.includes(values.role as StaffRole))
      throw new UsageError(`Unknown role "${values.role}": use admin, editor or contributor.`);
    const school = values.school;
    const role = values.role as StaffRole;
    const token = await db.transaction().execute(async (trx) => {
      if (!(await schoolExists(trx, school))) throw new AccountError(`Unknown school code "${school}".`);
      if (await findUserByEmail(trx, email)) throw new AccountError(`An account for ${email} already exists.`);
      await recordAudit(trx, { action: 'staff.added_by_operator', school, target: email, after: { role }, at: now });
      const userId = newUserId();
      const at = now.toISOString();
      await insertUser(trx, { id: userId, email, name: values.name?.trim() || nameFromEmail(email), passwordHash, at });
      if (passwordHash) {
        // The operator chose the password: the account works at once.
        await insertMembership(trx, { userId, schoolCode: school, role, at });
        return null;
      }
      // Otherwise the role waits, like every invitation, for the person to choose their password through the link.
      return (await inviteToSchool(trx, { school, email, role, name: values.name, invitedBy: null }, now)).token;
    });
    const done = `Added ${email} to ${school} as ${role}.`;
    if (!token) return [`${done} The password from standard input is set.`];
    const origin = await schoolOrigin(db, config, school);
    return [`${done} Send them this one-time link to choose a password (valid 24 hours):`, linkUrl(origin, 'invite', token)];
  }

  if (command === 'operator') {
    const token = await db.transaction().execute(async (trx) => {
      const existing = await findUserByEmail(trx, email);
      const id = existing?.id ?? newUserId();
      if (existing)
        await updateUser(trx, id, { is_operator: 1, ...(passwordHash ? { password_hash: passwordHash } : {}) }, now.toISOString());
      else
        await insertUser(trx, {
          id,
          email,
          name: values.name ?? nameFromEmail(email),
          passwordHash,
          isOperator: true,
          at: now.toISOString(),
        });
      await recordAudit(trx, { action: 'staff.operator_granted', school: null, target: email, at: now });
      return passwordHash || existing?.password_hash ? null : issueToken(trx, 'invite', { userId: id }, now);
    });
    const done = `${email} is a platform operator.`;
    return token
      ? [
          `${done} Send them this one-time link to choose a password (valid 24 hours):`,
          linkUrl(await schoolOrigin(db, config, null), 'invite', token),
        ]
      : [done];
  }

  throw new UsageError(command ? `Unknown command "${command}". ${USAGE}` : USAGE);
}

await runDatabaseCommand((db) => run(db, process.argv.slice(2)), [AccountError]);
