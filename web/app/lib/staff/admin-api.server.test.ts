import { describe, expect, it } from 'vitest';
import { safeNext } from './admin-api.server';

// Where the sign-in page sends a person afterwards (`next`, issue 39): only a path inside the staff
// area of this very site; anything a browser could resolve to another host — an absolute URL, a
// protocol-relative one, a backslash form, a script, a control character — falls back to /admin.

const SITE = 'https://www.school.example';

const REFUSED = [
  'https://evil.example',
  'https://evil.example/admin',
  'http:/evil.example',
  'http:evil.example',
  '//evil.example',
  '//evil.example/admin',
  '///evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil',
  '/%5Cevil.example',
  '/%2F%2Fevil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)//admin',
  'data:text/html,<script>alert(1)</script>',
  '/\t/evil.example',
  '/\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '\r\n//evil.example',
  '/admin.evil.example',
  '/administrator',
  '/adminevil.example',
  'admin/news',
  '/news',
  '',
];

describe('safeNext', () => {
  it.each(REFUSED)('sends %j to /admin', (next) => {
    expect(safeNext(next)).toBe('/admin');
  });

  it('sends a missing next to /admin', () => {
    expect(safeNext(null)).toBe('/admin');
  });

  it('keeps a path inside the staff area as written', () => {
    for (const next of ['/admin', '/admin/news?x=1', '/admin?tab=2', '/admin#top', '/admin/pages/about/edit']) {
      expect(safeNext(next)).toBe(next);
    }
  });

  it('never gives a target that a browser resolves to another origin', () => {
    const kept = ['/admin/\\evil.example', '/admin//evil.example', '/admin/../..//evil.example', '/admin/%2F%2Fevil.example'];
    for (const next of [...REFUSED, ...kept]) {
      expect(new URL(safeNext(next), SITE).origin, JSON.stringify(next)).toBe(SITE);
    }
  });
});
