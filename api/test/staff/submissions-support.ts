import type { Db } from '../../src/db/index.ts';
import { id } from '../factories.ts';

// Alumni submissions stored directly (any received-at time), and a strict RFC 4180 CSV reader.

export interface StoredSubmission {
  id: string;
  name: string;
  email: string;
  phone: string;
}

export async function storeSubmission(
  db: Db,
  o: {
    school?: string;
    at?: string;
    name?: string;
    email?: string;
    phone?: string;
    handledAt?: string | null;
    extra?: Record<string, string>;
  } = {},
): Promise<StoredSubmission> {
  const _id = id();
  const name = o.name ?? `Alumnus ${_id.slice(0, 6)}`;
  const email = o.email ?? `a${_id.slice(0, 8)}@example.org`;
  const phone = o.phone ?? '+91 90000 12345';
  await db
    .insertInto('alumni_submissions')
    .values({
      _id,
      school_code: o.school ?? 'STHSM',
      form_type: 'alumni',
      created_at: o.at ?? '2025-08-01T10:00:00.000Z',
      from_year: '2004 to 2005',
      class: '1',
      to_year: '2015 to 2016',
      school2: '12',
      father_name: 'Parent One',
      subject: '3',
      name,
      email,
      phone,
      location: 'Lucknow',
      address: '1 Park Road',
      school: 'City College',
      profession3: 'B.Sc.',
      school1: 'Acme Labs',
      designation: 'Analyst',
      address1: '5 Mall Road',
      profession1: '20',
      handled_at: o.handledAt ?? null,
      ...o.extra,
    })
    .execute();
  return { id: _id, name, email, phone };
}

/** Parses CSV text (quoted cells, doubled quotes, CRLF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
