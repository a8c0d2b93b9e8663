import { fileRefSchemas, shownRef } from '@sthsm/contract';
import { safeMediaRef } from '@sthsm/contract/images';
import type { z } from 'zod';
import type { MediaStore } from '../backup/media-store.ts';
import type { Db } from '../db/index.ts';
import { libraryFileSchools, storedFilePaths } from '../repositories/file-ownership.ts';

// Every file reference a staff save accepts must be the saving school's own file (docs/api.md
// "File references"): a file of its media library, a file id the seed stored under its folder,
// or an existing path in its folder (`{CODE}/public/Images/…`). Another school's file would skip
// that school's alt-text and consent checks and show on the wrong site; an address or a made-up
// reference shows nothing. The references are found through the schemas (the contract registers
// every reference field in `fileRefSchemas`), so a new field is checked without being listed here.

export type RefPath = ReadonlyArray<string | number>;

/** One file reference in a saved value: where it is, the words for its field, and the reference. */
export interface FoundRef {
  path: RefPath;
  label: string;
  ref: string;
}

/** Top-level folders of the media store that belong to no school's own folder (media/library.ts). */
const STORE_FOLDERS = new Set(['library', 'library-variants']);

type Schema = z.ZodType;
/** The parts of zod's schema definitions a walk needs (zod 4's `schema.def`). */
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: readonly Schema[];
  left?: Schema;
  right?: Schema;
  items?: readonly Schema[];
  valueType?: Schema;
  getter?: () => Schema;
}
// Every kind of schema has its own definition type; the walk reads only these few parts of any of them.
const defOf = (schema: Schema) => schema.def as unknown as Def;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The schemas a value of `schema` is checked with next (wrappers, both sides of a pipe, every union member). */
function inner(def: Def): Schema[] {
  return [def.innerType, def.in, def.out, ...(def.options ?? []), def.left, def.right].filter((s): s is Schema => s !== undefined);
}

function walk(schema: Schema, value: unknown, path: RefPath, found: Map<string, FoundRef>): void {
  const meta = fileRefSchemas.get(schema);
  if (meta) {
    // An empty reference is a file still to choose (a draft's); the schema refuses it where one is required.
    if (typeof value === 'string' && value.trim() !== '') found.set(JSON.stringify(path), { path, label: meta.label, ref: value });
    return;
  }
  const def = defOf(schema);
  if (def.type === 'object' && def.shape && isRecord(value)) {
    for (const [key, field] of Object.entries(def.shape)) walk(field, value[key], [...path, key], found);
  } else if (def.type === 'array' && def.element && Array.isArray(value)) {
    for (const [i, item] of value.entries()) walk(def.element, item, [...path, i], found);
  } else if (def.type === 'tuple' && def.items && Array.isArray(value)) {
    for (const [i, item] of def.items.entries()) walk(item, value[i], [...path, i], found);
  } else if (def.type === 'record' && def.valueType && isRecord(value)) {
    for (const [key, item] of Object.entries(value)) walk(def.valueType, item, [...path, key], found);
  } else if (def.type === 'lazy' && def.getter) {
    walk(def.getter(), value, path, found);
  } else {
    for (const next of inner(def)) walk(next, value, path, found);
  }
}

/** Every file reference in `value`, a value `schema` accepted (each place once). */
export function refsIn(schema: Schema, value: unknown): FoundRef[] {
  const found = new Map<string, FoundRef>();
  walk(schema, value, [], found);
  return [...found.values()];
}

/**
 * Where `schema` takes file references, as paths with "[]" for any item of a list
 * ("slider.[].path"), and the words for each: the list the tests walk, so a new field is tested too.
 */
export function refFieldsOf(
  schema: Schema,
  path: readonly string[] = [],
  seen = new Set<Schema>(),
): Array<{ path: string[]; label: string }> {
  const meta = fileRefSchemas.get(schema);
  if (meta) return [{ path: [...path], label: meta.label }];
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const fields: Array<{ path: string[]; label: string }> = [];
  if (def.type === 'object' && def.shape) {
    for (const [key, field] of Object.entries(def.shape)) fields.push(...refFieldsOf(field, [...path, key], seen));
  } else if (def.type === 'array' && def.element) {
    fields.push(...refFieldsOf(def.element, [...path, '[]'], seen));
  } else if (def.type === 'lazy' && def.getter) {
    fields.push(...refFieldsOf(def.getter(), path, seen));
  } else {
    for (const next of [...inner(def), ...(def.items ?? []), ...(def.valueType ? [def.valueType] : [])]) {
      fields.push(...refFieldsOf(next, path, seen));
    }
  }
  seen.delete(schema);
  const unique = new Map(fields.map((f) => [f.path.join('.'), f]));
  return [...unique.values()];
}

/** A path of the media store in `code`'s own folder (never the library's folders, whatever a school is called). */
function inSchoolFolder(path: string, code: string): boolean {
  const clean = safeMediaRef(path);
  if (!clean || STORE_FOLDERS.has(code)) return false;
  const segments = clean.split('/');
  return segments.length > 1 && segments[0] === code;
}

/** The references among `found` that are not `code`'s own files (unsafe, another school's, an address, or missing). */
export async function foreignRefs(db: Db, store: Pick<MediaStore, 'stat'>, code: string, found: readonly FoundRef[]): Promise<FoundRef[]> {
  const refs = [...new Set(found.map((f) => f.ref))];
  if (refs.length === 0) return [];
  const [library, stored] = await Promise.all([libraryFileSchools(db, refs), storedFilePaths(db, refs)]);
  const isOwn = async (ref: string): Promise<boolean> => {
    const school = library.get(ref);
    if (school !== undefined) return school === code;
    const storedPath = stored.get(ref);
    if (storedPath !== undefined) return inSchoolFolder(storedPath, code);
    // A path must name a file that is there (on S3 a HEAD each, so all at once).
    return inSchoolFolder(ref, code) && (await store.stat(ref)) !== null;
  };
  const verdicts = await Promise.all(refs.map(async (ref) => [ref, await isOwn(ref)] as const));
  const own = new Set(verdicts.filter(([, mine]) => mine).map(([ref]) => ref));
  return found.filter((f) => !own.has(f.ref));
}

/** Plain words for where a reference is: its field's words, and its place in a page ("Image (slider 3)"). */
function placeOf(f: FoundRef): string {
  const last = f.path.at(-1);
  const steps = last === 'path' || last === 'file' ? f.path.slice(0, -1) : f.path;
  // A content type's list of references is one field: its words say enough ("Photos").
  if (steps === f.path && steps.length === 2 && typeof steps[1] === 'number') return f.label;
  // A list named for what it holds says its number only ("Document 2", not "Document (documents 2)").
  if (steps.length === 2 && typeof steps[1] === 'number' && steps[0] === `${f.label.toLowerCase()}s`) return `${f.label} ${steps[1] + 1}`;
  return `${f.label} (${steps.map((p) => (typeof p === 'number' ? String(p + 1) : p)).join(' ')})`;
}

export const foreignRefMessage = (f: FoundRef) =>
  `${placeOf(f)}: “${shownRef(f.ref)}” is not a file of this school. Choose it from this school’s media library (Media), or upload it there first.`;

/**
 * Every reference field of `value` that names something other than `code`'s own file, with a
 * message naming the field and the reference, keyed by the top-level field (as the forms show
 * messages); null when every reference is the school's own.
 */
export async function foreignRefErrors(
  db: Db,
  store: Pick<MediaStore, 'stat'>,
  code: string,
  schema: Schema,
  value: unknown,
): Promise<Record<string, string> | null> {
  const foreign = await foreignRefs(db, store, code, refsIn(schema, value));
  if (foreign.length === 0) return null;
  const errors: Record<string, string> = {};
  for (const f of foreign) errors[String(f.path[0] ?? 'form')] ??= foreignRefMessage(f);
  return errors;
}
