import type { PrincipalMessage } from '@sthsm/contract';
import type { Db } from '../db/index.ts';
import { fromJson, liveAt, nowIso, toJson } from './rows.ts';

export async function listPrincipalMessages(db: Db, schoolCode: string, now = new Date()): Promise<PrincipalMessage[]> {
  const rows = await db
    .selectFrom('principal_messages')
    .selectAll()
    .where('school_code', '=', schoolCode)
    .where(liveAt(now))
    .orderBy('created_at', 'desc')
    .orderBy('_id')
    .execute();
  return rows.map((r) => ({ _id: r._id, message: r.message, attachments: fromJson(r.attachments) }));
}

export async function insertPrincipalMessage(db: Db, schoolCode: string, item: PrincipalMessage, createdAt = nowIso()): Promise<void> {
  await db
    .insertInto('principal_messages')
    .values({
      _id: item._id,
      school_code: schoolCode,
      created_at: createdAt,
      updated_at: createdAt,
      message: item.message,
      attachments: toJson(item.attachments),
    })
    .execute();
}
