import { buildDemo, buildDemoRecords } from '../src/demo.ts';
import type { DemoData, SchoolSeed } from '../src/types.ts';

/** A fixed "today" for the tests; edge-day tests pass their own. */
export const TODAY = new Date('2025-11-21T10:30:00.000Z');
export const BUILD_TIMEOUT_MS = 60_000;

const builds = new Map<string, Promise<DemoData>>();

/** One build per day per test file (a build takes a few seconds). */
export function demo(today: Date = TODAY): Promise<DemoData> {
  const key = today.toISOString();
  let build = builds.get(key);
  if (!build) {
    build = buildDemo({ today });
    builds.set(key, build);
  }
  return build;
}

/** The records alone, file references left as placeholders: fast, for counts and dates. */
export function records(today: Date = TODAY): DemoData {
  return { schools: buildDemoRecords({ today }), files: [] };
}

export function school(data: DemoData, code: string): SchoolSeed {
  const found = data.schools.find((s) => s.code === code);
  if (!found) throw new Error(`no school ${code}`);
  return found;
}

/** Every file reference of a school, with where it came from. */
export function references(seed: SchoolSeed): Array<{ where: string; ref: string }> {
  const out: Array<{ where: string; ref: string }> = [];
  const add = (where: string, refs: string[]) => refs.forEach((ref) => out.push({ where, ref }));
  seed.news.forEach((n) => add(`news ${n.title}`, n.attachments));
  seed.highlights.forEach((h) => add(`highlight ${h.description}`, h.attachments));
  seed.toppers.forEach((t) => add(`topper ${t.name}`, t.attachments));
  seed.principalMessages.forEach((p) => add('principal message', p.attachments));
  seed.events.forEach((e) => add(`event ${e.title}`, [...e.images, ...e.attachments]));
  seed.birthdays.forEach((b) => add(`birthday ${b.name}`, b.attachments));
  seed.notifications.forEach((n) => add(`notification ${n.title}`, [...n.image, ...n.attachments]));
  seed.albums.forEach((a) => add(`album ${a.title}`, a.attachments));
  seed.videos.forEach((v) => add(`video ${v.title}`, v.attachments));
  return out;
}

/** The titles a visitor could see for a school. */
export function titles(seed: SchoolSeed): string[] {
  return [
    ...seed.news.map((n) => n.title),
    ...seed.events.map((e) => e.title),
    ...seed.albums.map((a) => a.title),
    ...seed.videos.map((v) => v.title),
    ...seed.notifications.map((n) => n.title),
    ...seed.highlights.map((h) => h.description),
  ];
}

export const year = (iso: string | null | undefined): number | undefined => (iso ? new Date(iso).getUTCFullYear() : undefined);
