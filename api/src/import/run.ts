import type { Config } from '../config.ts';
import { contentChanged } from '../cache.ts';
import type { Actor } from '../content/store.ts';
import type { Db } from '../db/index.ts';
import { mediaJobsAdded } from '../media/variant-worker.ts';
import { findSchool } from '../repositories/schools.ts';
import { getVisitorCount } from '../repositories/visitors.ts';
import { todayIn } from '../school-day.ts';
import { recordAudit } from '../staff/audit.ts';
import { bringFile, type FileContext, type FileOutcome } from './files.ts';
import { SourceClient, type ClientOptions } from './http.ts';
import { firstImportAt, unlinkedImported } from './records.ts';
import { readSource, type Problem, type SourceItem } from './source.ts';
import { writeItem, type WriteContext } from './write.ts';

// Moving a school in (OPERATIONS.md "Moving in"; docs/decisions/0136): read the source, bring each
// item's files, write the item; four items at a time (the client allows four requests at once).
// Each item is written in its own transaction with its import record, so a killed run leaves
// only whole items and a second run finishes the job.

export interface ImportOptions {
  db: Db;
  config: Config;
  /** The source API's base, e.g. https://provider.example/api. */
  from: string;
  school: string;
  dryRun: boolean;
  /** Only the operator's command line may read from a private address. */
  allowPrivate: boolean;
  /** Who started it (an administrator), or null for the operator's command line. */
  actor: Actor | null;
  ip?: string | null;
  client?: Partial<ClientOptions>;
  now?: () => Date;
  onProgress?: (progress: Progress) => void;
}

export interface Progress {
  done: number;
  total: number;
}

export interface ImportReport {
  source: string;
  school: string;
  dryRun: boolean;
  items: { imported: number; unchanged: number; kept: number };
  files: { imported: number; unchanged: number };
  /** Everything that failed, with its reason: calls, items, files. */
  problems: Problem[];
  /** Items kept as drafts because some of their files did not come. */
  drafts: string[];
  /** Items not overwritten: edited (or deleted) here since the last import. */
  kept: string[];
  /** Imported toppers and birthdays that name no child of the consent register. */
  unlinked: string[];
  visitor: number | null;
  calls: number;
}

export class ImportError extends Error {}

/** The base address as given, without a trailing slash: the source's key in the import records. */
export function sourceKey(from: string): string {
  let url: URL;
  try {
    url = new URL(from);
  } catch {
    throw new ImportError(`"${from}" is not an address: give the source API's base, like https://provider.example/api.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImportError(`"${from}" must start with https:// or http://.`);
  if (url.username || url.password) throw new ImportError('The source address must not hold a user name or password.');
  if (url.search || url.hash) throw new ImportError('The source address is the API’s base: no query string or #.');
  return url.href.replace(/\/+$/, '');
}

const POOL = 4;

/** Runs `work` over `list`, `size` at a time. */
async function pool<T>(list: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, list.length) }, async () => {
      while (next < list.length) await work(list[next++] as T);
    }),
  );
}

/** An item as the report names it: "news “Sports day”". */
function nameOf(item: SourceItem): string {
  const words = String(item.fields.title ?? item.fields.name ?? item.fields.description ?? item.fields.message ?? item.sourceId)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${item.type} “${words.length > 60 ? `${words.slice(0, 59)}…` : words}”`;
}

/** The fields of SPEC §3 that hold file references. */
const REF_FIELDS = ['attachments', 'images', 'image'] as const;

export async function runImport(o: ImportOptions): Promise<ImportReport> {
  const now = o.now ?? (() => new Date());
  const source = sourceKey(o.from);
  const school = await findSchool(o.db, o.school);
  if (!school) throw new ImportError(`Unknown school code "${o.school}".`);
  const client = new SourceClient({ maxFileBytes: o.config.mediaMaxBytes, ...o.client, allowPrivate: o.allowPrivate });
  const report: ImportReport = {
    source,
    school: o.school,
    dryRun: o.dryRun,
    items: { imported: 0, unchanged: 0, kept: 0 },
    files: { imported: 0, unchanged: 0 },
    problems: [],
    drafts: [],
    kept: [],
    unlinked: [],
    visitor: null,
    calls: 0,
  };

  const read = await readSource(client, source, o.school, todayIn(o.config.timeZone, now()));
  report.problems.push(...read.problems);
  report.calls = read.calls;
  const firstAt = await firstImportAt(o.db, o.school, source, now(), !o.dryRun);
  const files: FileContext = {
    db: o.db,
    config: o.config,
    client,
    base: source,
    source,
    school: o.school,
    createdBy: o.actor?.id ?? null,
    dryRun: o.dryRun,
    now,
  };
  const writer: WriteContext = { db: o.db, school: o.school, source, timeZone: o.config.timeZone, dryRun: o.dryRun, now, firstAt };

  // Each reference is brought once per run, whichever items name it.
  const brought = new Map<string, Promise<FileOutcome>>();
  const bring = (ref: string) => {
    let found = brought.get(ref);
    if (!found) {
      found = bringFile(files, ref).then((outcome) => {
        if (!outcome.ok) report.problems.push({ what: `file ${ref}`, reason: outcome.reason });
        else if (outcome.state === 'unchanged') report.files.unchanged++;
        else report.files.imported++;
        return outcome;
      });
      brought.set(ref, found);
    }
    return found;
  };

  let done = 0;
  o.onProgress?.({ done, total: read.items.length });
  await pool(read.items, POOL, async (item) => {
    const local: Record<string, unknown> = { ...item.fields };
    let complete = true;
    for (const field of REF_FIELDS) {
      const refs = item.fields[field];
      if (!Array.isArray(refs)) continue;
      const mapped: string[] = [];
      for (const ref of refs as string[]) {
        const outcome = await bring(ref);
        if (outcome.ok) mapped.push(outcome.ref);
        else complete = false;
      }
      local[field] = mapped;
    }
    const outcome = await writeItem(writer, item, local, complete);
    switch (outcome.state) {
      case 'failed':
        report.problems.push({ what: `${item.type} ${item.sourceId}`, reason: outcome.reason });
        break;
      case 'kept':
        report.items.kept++;
        report.kept.push(`${nameOf(item)}: ${outcome.why}`);
        break;
      case 'unchanged':
        report.items.unchanged++;
        break;
      case 'draft':
        report.items.imported++;
        break;
      default:
        report.items.imported++;
    }
    // Still a draft for want of its files (this run or an earlier one): listed every time.
    if (!complete && (outcome.state === 'draft' || outcome.state === 'unchanged')) report.drafts.push(nameOf(item));
    o.onProgress?.({ done: ++done, total: read.items.length });
  });

  report.visitor = read.visitor;
  if (!o.dryRun) {
    // The visitor count goes on from the source's (never backwards).
    if (read.visitor !== null && read.visitor > (await getVisitorCount(o.db, o.school))) {
      await o.db.updateTable('visitor_counts').set({ visitor: read.visitor }).where('school_code', '=', o.school).execute();
    }
    if (report.files.imported > 0) mediaJobsAdded();
    contentChanged(o.school);
  }
  for (const [table, type, label] of [
    ['toppers', 'toppers', 'topper'],
    ['birthdays', 'birthdays', 'birthday'],
  ] as const) {
    for (const row of await unlinkedImported(o.db, o.school, source, table, type))
      report.unlinked.push(`${label}: ${row.name} (${row.class})`);
  }
  if (!o.dryRun) {
    await recordAudit(o.db, {
      action: 'import.finished',
      school: o.school,
      actor: o.actor,
      target: source,
      ip: o.ip ?? null,
      // Counts and reasons only: the names the report lists stay out of the log.
      after: {
        summary: lastLine(report),
        items: report.items,
        files: report.files,
        drafts: report.drafts.length,
        kept: report.kept.length,
        unlinked: report.unlinked.length,
        problems: report.problems.slice(0, 50).map((p) => `${p.what}: ${p.reason}`),
      },
      at: now(),
    });
  }
  return report;
}

/** OPERATIONS.md's fixed last line. */
export function lastLine(r: ImportReport): string {
  const unchanged = r.items.unchanged + r.items.kept + r.files.unchanged;
  return `Imported ${r.items.imported} items and ${r.files.imported} files; ${unchanged} unchanged, ${r.problems.length} failed.`;
}

/** The report as lines for a person: what failed and why, what was kept, what needs consent; the fixed line last. */
export function reportLines(r: ImportReport): string[] {
  const lines: string[] = [];
  lines.push(
    `${r.dryRun ? 'Dry run (nothing was written): would import' : 'Imported'} from ${r.source} into ${r.school}; ${r.calls} calls read.`,
  );
  for (const p of r.problems) lines.push(`failed: ${p.what}: ${p.reason}`);
  for (const d of r.drafts) lines.push(`kept as a draft (some of its files did not come): ${d}`);
  for (const k of r.kept) lines.push(`kept: ${k}`);
  for (const u of r.unlinked) lines.push(`not linked to a consent record: ${u}`);
  if (r.unlinked.length > 0) lines.push('Link each to a child under Children (/admin/children) or unpublish it.');
  lines.push(lastLine(r));
  return lines;
}
