import { createSchoolBody, hostName, schoolCode, type CreateSchoolInput } from '@sthsm/contract/schools';
import type { Config } from '../config.ts';
import { bumpContentVersion } from '../content/state.ts';
import type { Db } from '../db/index.ts';
import { deleteSchoolHost, findSchoolHost, insertSchoolHost } from '../repositories/school-hosts.ts';
import { findSchool, insertSchool, isSchoolSuspended, setSchoolSuspended } from '../repositories/schools.ts';
import { recordAudit } from '../staff/audit.ts';
import { issueToken, linkUrl, schoolOrigin } from '../staff/links.ts';

// Creating and serving schools (OPERATIONS.md "A school from an empty install"): the one place the
// CLI (`npm run school`) and the operators' API (/api/admin/schools) both call, so both refuse the
// same things with the same one-line messages. Every change is audited in the school's own log.

/** A refusal with the HTTP status the API answers (the CLI prints the message and exits 1). */
export class SchoolError extends Error {
  status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The line a start with no school at all prints (server.ts), and `npm run school -- list` then. */
export const NO_SCHOOL_LINE = 'No school yet: create one with npm run school -- create --code CODE --name "NAME" [--host HOST]';

export const codeTaken = (code: string) => `A school with the code ${code} already exists.`;
export const hostTaken = (host: string, school: string) => `${host} is already a host name of ${school}.`;
export const unknownSchool = (code: string) => `Unknown school code "${code}".`;
export const notAHostOf = (host: string, school: string) => `${host} is not a host name of ${school}.`;

/** Who did it: an operator in the staff area, or null for the command line. */
export type Actor = { id: string; email: string } | null;

export interface ChangeContext {
  actor: Actor;
  ip?: string | null;
  now: Date;
}

/** One entry of the school's audit log for an operator's change, by whoever made it, from where. */
function auditChange(db: Db, context: ChangeContext, code: string, action: string, target: string, after?: Record<string, unknown>) {
  return recordAudit(db, {
    action,
    school: code,
    actor: context.actor,
    target,
    ip: context.ip ?? null,
    ...(after ? { after } : {}),
    at: context.now,
  });
}

/** The first message of a failed parse, as one line. */
function firstProblem(error: { issues: Array<{ message: string }> }): string {
  return error.issues[0]?.message ?? 'The input is not valid.';
}

/** A school code as typed, checked and upper-cased (SchoolError 400 otherwise). */
export function parseSchoolCode(value: string): string {
  const parsed = schoolCode.safeParse(value);
  if (!parsed.success) throw new SchoolError(400, firstProblem(parsed.error));
  return parsed.data;
}

/** A host name as typed, in its stored form (SchoolError 400 otherwise). */
export function parseHostName(value: string): string {
  const parsed = hostName.safeParse(value);
  if (!parsed.success) throw new SchoolError(400, firstProblem(parsed.error));
  return parsed.data;
}

async function requireSchoolRow(db: Db, code: string) {
  const school = await findSchool(db, code);
  if (!school) throw new SchoolError(404, unknownSchool(code));
  return school;
}

/**
 * The one-time link (24 hours) that sets up a school's first administrator: a setup token of the
 * school on its own origin — its first host name with SITE_URL's scheme and port, or SITE_URL when
 * it has none (docs/decisions/0130). Withdraws the school's earlier unused setup link.
 */
export async function schoolSetupLink(db: Db, config: Config, code: string, context: ChangeContext): Promise<string> {
  const token = await db.transaction().execute(async (trx) => {
    const t = await issueToken(trx, 'setup', { schoolCode: code }, context.now);
    await auditChange(trx, context, code, 'staff.setup_link_created', 'first administrator');
    return t;
  });
  return linkUrl(await schoolOrigin(db, config, code), 'setup', token);
}

export interface CreatedSchool {
  code: string;
  name: string;
  hosts: string[];
}

/**
 * Creates a school with no content (OPERATIONS.md): its row, its visitor counter and its host
 * names, all or nothing. No profile and no page texts: the site shows an empty profile and
 * unwritten pages as unpublished until staff write them.
 */
export async function createSchool(db: Db, input: CreateSchoolInput, context: ChangeContext): Promise<CreatedSchool> {
  const parsed = createSchoolBody.safeParse(input);
  if (!parsed.success) throw new SchoolError(400, firstProblem(parsed.error));
  const { code, name } = parsed.data;
  const hosts = [...new Set(parsed.data.hosts)];
  const at = context.now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (await findSchool(trx, code)) throw new SchoolError(409, codeTaken(code));
    for (const host of hosts) {
      const served = await findSchoolHost(trx, host);
      if (served) throw new SchoolError(409, hostTaken(host, served.schoolCode));
    }
    if (!(await insertSchool(trx, { code, name, at }))) throw new SchoolError(409, codeTaken(code));
    // One millisecond apart: the first name given is the school's first host name, the one its links use.
    for (const [i, host] of hosts.entries()) {
      const hostAt = new Date(context.now.getTime() + i).toISOString();
      if (!(await insertSchoolHost(trx, host, code, hostAt))) throw new SchoolError(409, hostTaken(host, 'another school'));
    }
    await auditChange(trx, context, code, 'school.created', name, { code, name, hosts });
  });
  return { code, name, hosts };
}

/** Serves a school on one more host name (every server within a minute: school-hosts.ts). */
export async function addSchoolHost(db: Db, codeInput: string, hostInput: string, context: ChangeContext): Promise<string> {
  const code = parseSchoolCode(codeInput);
  const host = parseHostName(hostInput);
  await db.transaction().execute(async (trx) => {
    await requireSchoolRow(trx, code);
    const served = await findSchoolHost(trx, host);
    if (served) throw new SchoolError(409, hostTaken(host, served.schoolCode));
    if (!(await insertSchoolHost(trx, host, code, context.now.toISOString())))
      throw new SchoolError(409, hostTaken(host, 'another school'));
    await auditChange(trx, context, code, 'school.host_added', host);
  });
  return host;
}

/** Stops serving a school on a host name (the name then answers the 404 page of an unknown host). */
export async function removeSchoolHost(db: Db, codeInput: string, hostInput: string, context: ChangeContext): Promise<string> {
  const code = parseSchoolCode(codeInput);
  const host = parseHostName(hostInput);
  await db.transaction().execute(async (trx) => {
    await requireSchoolRow(trx, code);
    const served = await findSchoolHost(trx, host);
    if (!served || served.schoolCode !== code) throw new SchoolError(404, notAHostOf(host, code));
    await deleteSchoolHost(trx, host);
    await auditChange(trx, context, code, 'school.host_removed', host);
  });
  return host;
}

/**
 * Suspends a school or lifts its suspension: its public pages and public API answer 503 while
 * suspended, its staff area keeps working. The school's content counter moves, so every server's
 * caches drop its pages within a second (docs/decisions/0061). True when it changed anything.
 */
export async function setSuspended(db: Db, codeInput: string, suspended: boolean, context: ChangeContext): Promise<boolean> {
  const code = parseSchoolCode(codeInput);
  return db.transaction().execute(async (trx) => {
    const school = await requireSchoolRow(trx, code);
    if ((await isSchoolSuspended(trx, code)) === suspended) return false;
    await setSchoolSuspended(trx, code, suspended ? context.now.toISOString() : null);
    await bumpContentVersion(trx, code, context.now);
    await auditChange(trx, context, code, suspended ? 'school.suspended' : 'school.suspension_lifted', school.name);
    return true;
  });
}
