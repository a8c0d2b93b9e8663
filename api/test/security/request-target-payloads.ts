// Request targets that try to name another host, generated: "//host", "/\host", encoded slashes
// and backslashes, absolute-form, userinfo "@", dot segments that leave "//" behind, NUL, overlong
// UTF-8 and over-long targets, control characters, asterisk- and authority-form. Strings are the
// request line's target as sent on a raw socket (non-ASCII characters go as raw UTF-8).

/** Hosts a target may try to name. */
export const FOREIGN_HOSTS = ['evil.example', 'evil.example:80', 'user@evil.example', '127.0.0.1:1', '[::1]:9'];

/** Paths on this server: site pages and actions, and API routes (a write, a counter, a cached read). */
export const SITE_PATHS = ['/', '/news', '/alumni'];
export const API_PATHS = ['/api/form/STHSM/alumni', '/api/visitor', '/api/news/STHSM'];

/** Ways to put `h` (a host) in front of `p` (a path starting with "/"). */
const TEMPLATES: ((h: string, p: string) => string)[] = [
  // Protocol-relative and its backslash spellings.
  (h, p) => `//${h}${p}`,
  (h, p) => `///${h}${p}`,
  (h, p) => `////${h}${p}`,
  (h, p) => `/\\${h}${p}`,
  (h, p) => `\\\\${h}${p}`,
  (h, p) => `/\\/${h}${p}`,
  (h, p) => `\\/${h}${p}`,
  (h, p) => `/\\\\${h}${p}`,
  (h, p) => `//\\${h}${p}`,
  // Percent-encoded slashes and backslashes, upper and lower case, doubled.
  (h, p) => `%2F%2F${h}${p}`,
  (h, p) => `/%2F%2F${h}${p}`,
  (h, p) => `/%2f${h}${p}`,
  (h, p) => `/%5C${h}${p}`,
  (h, p) => `/%5c%5c${h}${p}`,
  (h, p) => `%5C%5C${h}${p}`,
  (h, p) => `/%252F%252F${h}${p}`,
  (h, p) => `//%2F${h}${p}`,
  // Absolute-form and scheme tricks.
  (h, p) => `http://${h}${p}`,
  (h, p) => `https://${h}${p}`,
  (h, p) => `HTTP://${h}${p}`,
  (h, p) => `http:/${h}${p}`,
  (h, p) => `http:${h}${p}`,
  (h, p) => `http:\\\\${h}${p}`,
  (h, p) => `ws://${h}${p}`,
  (h, p) => `file://${h}${p}`,
  (h, p) => `javascript://${h}${p}`,
  (h, p) => ` http://${h}${p}`,
  // Userinfo.
  (h, p) => `/@${h}${p}`,
  (h, p) => `//@${h}${p}`,
  (h, p) => `//user:pass@${h}${p}`,
  (h, p) => `${p}@${h}`,
  (h, p) => `@${h}${p}`,
  (h, p) => `/${h}@127.0.0.1${p}`,
  (h, p) => `//127.0.0.1@${h}${p}`,
  // Dot segments that resolve to "//host", plain and encoded.
  (h, p) => `/.//${h}${p}`,
  (h, p) => `/..//${h}${p}`,
  (h, p) => `/a/..//${h}${p}`,
  (h, p) => `/%2e%2e//${h}${p}`,
  (h, p) => `/%2E//${h}${p}`,
  (h, p) => `/././/${h}${p}`,
  (h, p) => `/x/.././/${h}${p}`,
  (h, p) => `/.\\/${h}${p}`,
  // NUL and other control bytes, raw and encoded.
  (h, p) => `${p}\u0000//${h}`,
  (h, p) => `//${h}%00${p}`,
  (h, p) => `/%00//${h}${p}`,
  (h, p) => `\u0000//${h}${p}`,
  (h, p) => `/\u0000/${h}${p}`,
  (h, p) => `/%00%2F%2F${h}${p}`,
  (h, p) => `/\t//${h}${p}`,
  (h, p) => `${p}\r//${h}`,
  // Overlong and look-alike slashes.
  (h, p) => `/%c0%af${h}${p}`,
  (h, p) => `/%c0%af%c0%af${h}${p}`,
  (h, p) => `/%e0%80%af${h}${p}`,
  (h, p) => `/%c1%9c${h}${p}`,
  (h, p) => `/\uff0f\uff0f${h}${p}`,
  (h, p) => `/%ef%bc%8f%ef%bc%8f${h}${p}`,
  (h, p) => `/\u2215\u2215${h}${p}`,
  // Fragments, queries that carry a host (harmless paths of ours: must behave like any other).
  (h, p) => `${p}#//${h}`,
  (h, p) => `/#@${h}${p}`,
  (h, p) => `${p}?next=//${h}`,
  (h, p) => `${p}?//${h}`,
  // Over-long: query, path and host.
  (h, p) => `${p}?q=${'a'.repeat(9_000)}`,
  (h, p) => `//${h}/${'a'.repeat(9_000)}${p}`,
  (h, p) => `//${'a'.repeat(300)}.${h}${p}`,
];

/** Targets that are not about a path at all. */
const OTHER_FORMS = ['*', 'evil.example', 'evil.example:443', '', '\u0000', '%2F', '\\', '/\\', '//'];

/** Every payload, distinct, in a stable order. */
export function requestTargetPayloads(paths: readonly string[]): string[] {
  const out = new Set<string>(OTHER_FORMS);
  for (const p of paths) for (const h of FOREIGN_HOSTS) for (const template of TEMPLATES) out.add(template(h, p));
  return [...out];
}

/** The foreign host names the payloads use, for "no cache entry names one" checks. */
export const FOREIGN_NAMES = ['evil.example', '127.0.0.1:1', '[::1]:9'];
