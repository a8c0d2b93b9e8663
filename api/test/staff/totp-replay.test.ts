import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/staff/totp.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { as, createStaff, ORIGIN, PASSWORD, sessionCookieOf, signIn, type StaffPerson } from './staff-helpers.ts';

// RFC 6238 §5.2: a verifier must not accept the second attempt of the same one-time code after
// the first succeeded. A code, and every code of an earlier time step, signs in once per account
// — also when two sign-ins race with it, and across the code that turned two-factor on.

let t: TestApp;
let clock = new Date('2025-08-14T05:30:00.000Z');
const STEP_MS = 30_000;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  await createSchool(t.db);
});
afterAll(() => t.close());

let address = 0;
/** Each attempt from its own address, so only the account's own count could lock anything. */
const from = () => `10.77.0.${++address}`;

async function challengeFor(person: StaffPerson): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email: person.email, password: PASSWORD },
    headers: { origin: ORIGIN },
    remoteAddress: from(),
  });
  expect(res.json()).toMatchObject({ twoFactorRequired: true });
  return res.json().challenge as string;
}

const codeStep = (challenge: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/session/two-factor',
    payload: { challenge, code },
    headers: { origin: ORIGIN },
    remoteAddress: from(),
  });

describe(`a two-factor code signs in once (${engine})`, () => {
  it('the same code, on a second sign-in within its 30 seconds (and its one step of drift), is refused', async () => {
    const person = await createStaff(t.db, { twoFactor: true });
    const code = await totpCode(person.totpSecret!, clock);
    expect((await codeStep(await challengeFor(person), code)).statusCode).toBe(200);
    const again = await codeStep(await challengeFor(person), code);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toMatch(/already been used/);
    advance(STEP_MS);
    // Still inside the one step of drift: a replay seen a little later.
    expect((await codeStep(await challengeFor(person), code)).statusCode).toBe(401);
    // The next code works once.
    expect((await codeStep(await challengeFor(person), await totpCode(person.totpSecret!, clock))).statusCode).toBe(200);
    advance(5 * 60_000);
  });

  it('after a code is used, a code of an earlier step (still inside the drift) is refused too', async () => {
    const person = await createStaff(t.db, { twoFactor: true });
    const earlier = await totpCode(person.totpSecret!, clock);
    advance(STEP_MS);
    expect((await codeStep(await challengeFor(person), await totpCode(person.totpSecret!, clock))).statusCode).toBe(200);
    expect((await codeStep(await challengeFor(person), earlier)).statusCode).toBe(401);
    advance(5 * 60_000);
  });

  it('two sign-ins racing with one code: exactly one session', async () => {
    const person = await createStaff(t.db, { twoFactor: true });
    const code = await totpCode(person.totpSecret!, clock);
    const [a, b, c] = [await challengeFor(person), await challengeFor(person), await challengeFor(person)];
    const answers = await Promise.all([codeStep(a, code), codeStep(b, code), codeStep(c, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
    advance(5 * 60_000);
  });

  it('the code that turned two-factor on does not sign in again, and two racing enables give one set of backup codes', async () => {
    const person = await createStaff(t.db, { role: 'editor' });
    const who = await signIn(t.app, person);
    const { secret } = (await as(t.app, who)('POST', '/api/admin/me/two-factor/setup?school=STHSM')).json();
    const code = await totpCode(secret, clock);
    const enables = await Promise.all([
      as(t.app, who)('POST', '/api/admin/me/two-factor/enable?school=STHSM', { code }),
      as(t.app, who)('POST', '/api/admin/me/two-factor/enable?school=STHSM', { code }),
    ]);
    // The other is refused: its code was spent (400), or, when it started after the first
    // finished, two-factor was already on (409).
    expect(enables.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = enables.find((r) => r.statusCode !== 200)!;
    expect(refused.json().error).toMatch(/already been used|already on/);
    const withTotp = { ...person, totpSecret: secret };
    expect((await codeStep(await challengeFor(withTotp), code)).statusCode).toBe(401);
    advance(STEP_MS);
    expect((await codeStep(await challengeFor(withTotp), await totpCode(secret, clock))).statusCode).toBe(200);
    advance(5 * 60_000);
  });

  it('turning two-factor off and on again with a new secret takes the new app’s first code at once', async () => {
    const person = await createStaff(t.db, { twoFactor: true });
    const code = await totpCode(person.totpSecret!, clock);
    const session = await codeStep(await challengeFor(person), code);
    expect(session.statusCode).toBe(200);
    const cookie = sessionCookieOf(session);
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie } })).json().csrfToken as string;
    const me = as(t.app, { cookie, csrf });
    expect((await me('POST', '/api/admin/me/two-factor/disable', { password: PASSWORD })).statusCode).toBe(200);
    const { secret } = (await me('POST', '/api/admin/me/two-factor/setup')).json();
    expect((await me('POST', '/api/admin/me/two-factor/enable', { code: await totpCode(secret, clock) })).statusCode).toBe(200);
    advance(5 * 60_000);
  });
});
