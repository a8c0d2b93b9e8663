import { describe, expect, it } from 'vitest';
import { guardedLookup, isPublicAddress, NOT_PUBLIC } from '../../src/import/address-guard.ts';

// The addresses an administrator's import may reach (docs/decisions/0137): public unicast only.

describe('isPublicAddress', () => {
  it('refuses every private, local, shared and special range, in IPv4 and IPv6 spellings', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.169.254',
      '192.0.0.170',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '2001:0:4136:e378::1',
      'fd00:ec2::254',
      'fc00::1',
      'fe80::1',
      'fec0::1',
      'ff02::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('allows public unicast addresses', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001::200e']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('the connection lookup', () => {
  it('refuses a name that resolves to a private address', async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup()('localhost', {}, (e) => resolve(e)));
    expect(err?.message).toBe(NOT_PUBLIC);
  });
});
