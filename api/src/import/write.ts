import { sanitizeRichText } from '@sthsm/contract/rich-text-sanitize';
import { fieldErrors } from '@sthsm/contract/staff';
import type { Db } from '../db/index.ts';
import { CONTENT_REGISTRY, type ContentTypeSpec } from '../content/registry.ts';
import { bumpContentVersion } from '../content/state.ts';
import {
  columnsOf,
  findRow,
  insertRow,
  insertVersion,
  keepImportedVersion,
  snapshotOf,
  toItem,
  updateRow,
  type Snapshot,
} from '../content/store.ts';
import { newId } from '../repositories/alumni.ts';
import { findImportedItem, saveImportedItem } from './records.ts';
import type { SourceItem } from './source.ts';

// Writing one item of the source through the content store (the staff's own write path): new
// items keep the source's id when it is free, are published as they were (a draft when some of
// their files did not come), and carry an "imported" history; an item changed at the source gets
// a new "imported" version, never a duplicate; one edited here since the last import is kept.

export type ItemOutcome =
  { state: 'imported' | 'updated' | 'unchanged' | 'draft' } | { state: 'kept'; why: string } | { state: 'failed'; reason: string };

export interface WriteContext {
  db: Db;
  school: string;
  source: string;
  timeZone: string;
  dryRun: boolean;
  now: () => Date;
  /** The base of creation times: the first import from this source (list orders kept across runs). */
  firstAt: Date;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The source's fields, checked by the type's own schema (rich text sanitized as a save does), or the first problem. */
function checked(
  spec: ContentTypeSpec,
  fields: Record<string, unknown>,
): { ok: true; fields: Record<string, unknown> } | { ok: false; reason: string } {
  const parsed = spec.schema.safeParse(fields);
  if (!parsed.success) {
    const [field, message] = Object.entries(fieldErrors(parsed.error))[0] ?? ['item', 'not accepted'];
    return { ok: false, reason: `not accepted here: ${field}: ${message}` };
  }
  const values: Record<string, unknown> = { ...parsed.data };
  for (const field of spec.richText) values[field] = sanitizeRichText(String(values[field] ?? ''));
  return { ok: true, fields: values };
}

/** The source's id when no item of the type holds it yet (in any school: ids are the table's key). */
async function idFor(db: Db, spec: ContentTypeSpec, sourceId: string): Promise<string> {
  if (!SAFE_ID.test(sourceId)) return newId();
  const taken = await db.selectFrom(spec.table).select('_id').where('_id', '=', sourceId).executeTakeFirst();
  return taken ? newId() : sourceId;
}

const same = (a: Record<string, unknown>, b: Record<string, unknown>) => Object.keys(a).every((k) => a[k] === b[k]);

export async function writeItem(
  c: WriteContext,
  item: SourceItem,
  localFields: Record<string, unknown>,
  complete: boolean,
): Promise<ItemOutcome> {
  const spec = CONTENT_REGISTRY[item.type];
  const fields = checked(spec, localFields);
  if (!fields.ok) return { state: 'failed', reason: fields.reason };
  const next: Snapshot = { fields: fields.fields, status: complete ? 'published' : 'draft', publishAt: null, unpublishAt: null };
  // The album's Updated On as the source wrote it (a date, in either ISO form the contract allows).
  const updatedOn =
    item.type === 'albums' && item.updatedOn && !Number.isNaN(Date.parse(item.updatedOn)) ? item.updatedOn.slice(0, 40) : null;
  const extra: Record<string, string> = updatedOn ? { updated_on: updatedOn } : {};
  const record = await findImportedItem(c.db, c.school, c.source, item.type, item.sourceId);
  const at = c.now();

  if (record) {
    const row = await findRow(c.db, spec, c.school, record.item_id);
    if (!row) return { state: 'kept', why: 'deleted here since it was imported: not brought back' };
    const current = toItem(spec, row, c.timeZone, at);
    if (current.version !== Number(record.item_version)) return { state: 'kept', why: 'edited here since it was imported: kept as it is' };
    const wanted = { ...columnsOf(spec, next.fields), status: next.status, ...extra };
    if (same(wanted, row) && current.publishAt === null && current.unpublishAt === null) return { state: 'unchanged' };
    if (c.dryRun) return { state: 'updated' };
    await c.db.transaction().execute(async (trx) => {
      const t = trx as Db;
      await keepImportedVersion(t, c.school, current);
      const saved = await updateRow(t, spec, c.school, current.id, current.version, { ...next, reviewNote: null }, null, at, extra);
      if (!saved) throw new Error(`The ${spec.label} changed while it was imported.`);
      const after = toItem(spec, saved, c.timeZone, at);
      await insertVersion(t, {
        code: c.school,
        type: spec.type,
        itemId: after.id,
        version: after.version,
        action: 'imported',
        snapshot: snapshotOf(after),
        actor: null,
        now: at,
      });
      await saveImportedItem(t, {
        school: c.school,
        source: c.source,
        type: item.type,
        sourceId: item.sourceId,
        itemId: after.id,
        version: after.version,
        complete,
        at,
      });
      await bumpContentVersion(t, c.school, at);
    });
    return { state: complete ? 'updated' : 'draft' };
  }

  if (c.dryRun) return { state: complete ? 'imported' : 'draft' };
  // Creation times a second apart, from the first import's time down the source's list: the
  // public lists order undated items by them, as the source did (the same after a killed run).
  const createdAt = new Date(c.firstAt.getTime() - item.index * 1000).toISOString();
  await c.db.transaction().execute(async (trx) => {
    const t = trx as Db;
    const id = await idFor(t, spec, item.sourceId);
    // No version row: its history is its state, "Imported" (content/store.ts importedVersion).
    await insertRow(t, spec, c.school, next, null, at, { id, columns: { created_at: createdAt, ...extra } });
    await saveImportedItem(t, {
      school: c.school,
      source: c.source,
      type: item.type,
      sourceId: item.sourceId,
      itemId: id,
      version: 1,
      complete,
      at,
    });
    if (complete) await bumpContentVersion(t, c.school, at);
  });
  return { state: complete ? 'imported' : 'draft' };
}
