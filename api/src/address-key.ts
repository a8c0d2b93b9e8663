import { isIPv4, isIPv6 } from 'node:net';
import { Address6 } from 'ip-address';

/**
 * The key under which a client address is counted by every per-address limit: the sign-in lock
 * (staff/lockout.ts, STAFF.md: 20 failures from one address) and the rate limits of the alumni
 * form, the visitor counter and password-reset requests (app.ts). An IPv6 client is usually given
 * a whole /64 and may take a fresh address from it for every request, so IPv6 counts per /64
 * (`2001:db8:1:2::/64`); IPv4, also written IPv4-mapped (`::ffff:10.0.0.1`, `::ffff:a00:1`),
 * counts per address. Spellings are normalised (case, zeros, `::`, a zone index). Anything else
 * (a proxy's odd X-Forwarded-For) is counted as written, lower-cased.
 */
export function addressKey(ip: string): string {
  const text = ip.trim().toLowerCase();
  if (isIPv4(text)) return text;
  const bare = text.replace(/%.*$/, '');
  if (!isIPv6(bare)) return text;
  const address = new Address6(bare);
  if (address.isMapped4()) return address.to4().correctForm();
  return `${new Address6(`${address.correctForm()}/64`).startAddress().correctForm()}/64`;
}
