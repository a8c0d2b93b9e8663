import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey } from '../../src/address-key.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { ORIGIN } from '../staff/staff-helpers.ts';

// Every per-address limit counts one client the same way (api/src/address-key.ts): an IPv6 /64
// is one client, an IPv4 address is one however it is written. The sign-in lock has its own test
// (staff/sign-in-lockout-ipv6.test.ts) and the alumni form its own (rate-limit.test.ts); here the
// key itself, the password-reset request (5 a minute) and the visitor counter (60 a minute).

describe('addressKey', () => {
  it('IPv6: the /64, however the address is spelt', () => {
    for (const ip of ['2001:db8:1:2::1', '2001:DB8:1:2:0:0:0:1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002::9%eth0']) {
      expect(addressKey(ip), ip).toBe('2001:db8:1:2::/64');
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('::/64');
  });

  it('IPv4 and IPv4-mapped IPv6: the address itself', () => {
    for (const ip of ['10.0.0.1', '::ffff:10.0.0.1', '::FFFF:a00:1', '0:0:0:0:0:ffff:10.0.0.1', ' 10.0.0.1 ']) {
      expect(addressKey(ip), ip).toBe('10.0.0.1');
    }
    expect(addressKey('10.0.0.2')).toBe('10.0.0.2');
  });

  it('anything else is counted as written (lower-cased)', () => {
    expect(addressKey('Unknown')).toBe('unknown');
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db);
});
afterAll(() => t.close());

const reset = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/password-reset',
    payload: { email: 'someone@example.org' },
    headers: { origin: ORIGIN },
    remoteAddress,
  });
const visit = (remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/visitor',
    payload: { schoolcode: 'STHSM' },
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' },
    remoteAddress,
  });

describe(`the API's other per-address limits count an IPv6 /64 as one client (${engine})`, () => {
  it('password-reset requests: 5 a minute per /64, from five addresses of it; the next /64 is served', async () => {
    for (let i = 1; i <= 5; i++) expect((await reset(`2001:db8:5:5::${i}`)).statusCode).toBe(202);
    expect((await reset('2001:DB8:5:5:ffff::1')).statusCode).toBe(429);
    expect((await reset('2001:db8:5:6::1')).statusCode).toBe(202);
  });

  it('password-reset requests: an IPv4 address and its IPv4-mapped spelling share 5 a minute', async () => {
    for (let i = 0; i < 5; i++) expect((await reset(i % 2 ? '10.8.0.1' : '::ffff:10.8.0.1')).statusCode).toBe(202);
    expect((await reset('10.8.0.1')).statusCode).toBe(429);
    expect((await reset('10.8.0.2')).statusCode).toBe(202);
  });

  it('the visitor counter: 60 a minute per /64', async () => {
    for (let i = 1; i <= 60; i++) expect((await visit(`2001:db8:7:7::${i.toString(16)}`)).statusCode).toBe(200);
    expect((await visit('2001:db8:7:7:1::1')).statusCode).toBe(429);
    expect((await visit('2001:db8:7:8::1')).statusCode).toBe(200);
  });
});
