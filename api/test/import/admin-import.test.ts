import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_PUBLIC } from '../../src/import/address-guard.ts';
import { runEnded } from '../../src/import/jobs.ts';
import { createSchool } from '../factories.ts';
import { startTestApp, type TestApp } from '../helpers.ts';
import { as, auditActions, createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { startStub, STUB, type Stub } from './stub-source.ts';

// /api/admin/{code}/import: an administrator's import reads only from public addresses (docs/
// decisions/0137). The attacks come first, against a real local source that would answer: a
// missing check shows as a 202 and an import. Then the same route with a test's narrowed rule
// (its local source allowed): a dry run that writes nothing, the import, the report audited.

let stub: Stub;
let t: TestApp;
let admin: Signed;
let editor: Signed;
let otherAdmin: Signed;

beforeAll(async () => {
  stub = await startStub({ slowMs: 50, bigBytes: 1000 });
  t = await startTestApp();
  for (const code of [STUB, 'OTHER']) await createSchool(t.db, { code });
  admin = await signIn(t.app, await createStaff(t.db, { school: STUB, role: 'admin' }));
  editor = await signIn(t.app, await createStaff(t.db, { school: STUB, role: 'editor' }));
  otherAdmin = await signIn(t.app, await createStaff(t.db, { school: 'OTHER', role: 'admin' }));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stub?.close();
});

const port = () => new URL(stub.base).port;

describe('an administrator’s import source', () => {
  it('is refused when it is not a public address, in any spelling', async () => {
    const p = port();
    for (const from of [
      stub.base,
      `http://localhost:${p}/api`,
      `http://[::1]:${p}/api`,
      `http://[::ffff:127.0.0.1]:${p}/api`,
      `http://[::ffff:7f00:1]:${p}/api`,
      `http://[::127.0.0.1]:${p}/api`,
      `http://[64:ff9b::7f00:1]:${p}/api`,
      `http://2130706433:${p}/api`,
      `http://0x7f.1:${p}/api`,
      `http://0.0.0.0:${p}/api`,
      'http://169.254.169.254/latest/meta-data',
      'http://[fd00:ec2::254]/latest',
      'http://[fe80::1]/api',
      'http://10.1.2.3/api',
      'http://172.16.0.1/api',
      'http://192.168.1.1/api',
      'http://100.64.0.1/api',
    ]) {
      const res = await as(t.app, admin)('POST', `/api/admin/${STUB}/import`, { from, dryRun: true });
      expect(res.statusCode, from).toBe(400);
      expect(res.json().error, from).toBe(NOT_PUBLIC);
    }
    expect(stub.seen.size).toBe(0);
    expect((await as(t.app, admin)('GET', `/api/admin/${STUB}/import`)).json()).toEqual({ run: null });
  });

  it('is refused when it is not an http address', async () => {
    for (const [from, error] of [
      ['ftp://provider.example/api', '"ftp://provider.example/api" must start with https:// or http://.'],
      [
        'provider.example/api',
        '"provider.example/api" is not an address: give the source API\u2019s base, like https://provider.example/api.',
      ],
      ['https://user:secret@provider.example/api', 'The source address must not hold a user name or password.'],
    ]) {
      const res = await as(t.app, admin)('POST', `/api/admin/${STUB}/import`, { from, dryRun: true });
      expect(res.statusCode, from).toBe(400);
      expect(res.json().error.replace(/'/g, '\u2019'), from).toBe(error);
    }
  });

  it('is for the school’s administrators only', async () => {
    const body = { from: 'https://provider.example/api', dryRun: true };
    expect((await as(t.app, editor)('POST', `/api/admin/${STUB}/import`, body)).statusCode).toBe(403);
    expect((await as(t.app, otherAdmin)('POST', `/api/admin/${STUB}/import`, body)).statusCode).toBe(403);
    expect((await as(t.app, otherAdmin)('GET', `/api/admin/${STUB}/import`)).statusCode).toBe(403);
    expect((await as(t.app, null)('GET', `/api/admin/${STUB}/import`)).statusCode).toBe(401);
  });
});

describe('an administrator’s import from an allowed source', () => {
  let local: TestApp;
  let localAdmin: Signed;
  let email: string;
  beforeAll(async () => {
    // Only the stub's own address is allowed here (the rule every connection is checked against).
    local = await startTestApp({}, () => new Date(), { importAddresses: (address) => address === '127.0.0.1' });
    await createSchool(local.db, { code: STUB });
    const person = await createStaff(local.db, { school: STUB, role: 'admin' });
    email = person.email;
    localAdmin = await signIn(local.app, person);
  });
  afterAll(() => local?.close());

  it('shows a dry run, then imports with progress, and keeps the report in the audit log', async () => {
    const dry = await as(local.app, localAdmin)('POST', `/api/admin/${STUB}/import`, { from: stub.base, dryRun: true });
    expect(dry.statusCode).toBe(202);
    expect(dry.json().run).toMatchObject({ state: 'running', dryRun: true });
    const dryEnd = await runEnded(STUB);
    expect(dryEnd?.state).toBe('finished');
    expect(dryEnd?.lines[0]).toMatch(/^Dry run \(nothing was written\)/);
    expect(dryEnd?.summary).toBe('Imported 7 items and 4 files; 0 unchanged, 4 failed.');
    expect(await local.db.selectFrom('news').select('_id').execute()).toEqual([]);

    const real = await as(local.app, localAdmin)('POST', `/api/admin/${STUB}/import`, { from: stub.base, dryRun: false });
    expect(real.statusCode).toBe(202);
    const again = await as(local.app, localAdmin)('POST', `/api/admin/${STUB}/import`, { from: stub.base, dryRun: false });
    expect(again.statusCode).toBe(409);
    const end = await runEnded(STUB);
    expect(end).toMatchObject({ state: 'finished', done: 7, total: 7 });
    expect(end?.lines).toContain('not linked to a consent record: birthday: Asha Verma (V A)');
    const shown = (await as(local.app, localAdmin)('GET', `/api/admin/${STUB}/import`)).json();
    expect(shown.run.summary).toBe(end?.summary);
    expect(await auditActions(local.db, STUB)).toContain('import.finished');
    const entry = await local.db
      .selectFrom('audit_log')
      .select(['actor_email', 'target'])
      .where('action', '=', 'import.finished')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actor_email: email, target: stub.base });
  }, 120_000);

  it('follows no redirect to an address the rule refuses', async () => {
    const res = await as(local.app, localAdmin)('POST', `/api/admin/${STUB}/import`, { from: `${stub.base}/to-private`, dryRun: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(NOT_PUBLIC);
  });
});
