import type { FastifyInstance } from 'fastify';
import { as, type Signed } from './staff-helpers.ts';

// The consent register's test client: record a child with consent for some purposes (dates around
// the test clock's day, helpers.ts NOW: 14 August 2025), and read the audit rows it wrote.

export const CHILD = { name: 'Meera Sharma', class: 'V-A', admissionNumber: 'A-1021' };

export async function recordChild(
  app: FastifyInstance,
  who: Signed,
  consents: Partial<Record<'birthday' | 'results' | 'photos', { givenOn?: string; endsOn?: string }>> = {},
  child: Record<string, string> = CHILD,
  school = 'STHSM',
) {
  const body: Record<string, string> = { ...child };
  for (const [purpose, c] of Object.entries(consents)) {
    body[`${purpose}GivenOn`] = c.givenOn ?? '2025-06-01';
    body[`${purpose}EndsOn`] = c.endsOn ?? '2026-03-31';
  }
  const res = await as(app, who)('POST', `/api/admin/${school}/children`, body);
  if (res.statusCode !== 201) throw new Error(`recording a child failed: ${res.statusCode} ${res.body}`);
  return res.json().child as { id: string; name: string; consents: Array<{ purpose: string; current: boolean }> };
}
