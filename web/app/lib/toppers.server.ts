import type { TopperClass } from '@sthsm/contract';
import { schoolApi } from './api.server';
import { filterToppers, parseTopperFilters, sessionsOf, toppersDefaultSession } from './filters';
import { currentSchool } from './school.server';

/** The loader of both toppers pages: one class, the session from the URL or SPEC §4's default. */
export async function loadToppers(request: Request, topperClass: TopperClass, today = new Date()) {
  const toppers = await schoolApi(currentSchool(request)).toppers();
  const ofClass = (toppers ?? []).filter((t) => t.class === topperClass);
  const defaultSession = toppersDefaultSession(ofClass, topperClass, today);
  const filters = parseTopperFilters(new URL(request.url).searchParams, defaultSession);
  const sessions = sessionsOf(ofClass);
  if (filters.session !== 'All' && !sessions.includes(filters.session)) sessions.push(filters.session);
  sessions.sort((a, b) => b.localeCompare(a));
  const inSession = filterToppers(ofClass, topperClass, { session: filters.session, q: '' });
  return {
    topperClass,
    items: filterToppers(ofClass, topperClass, filters),
    totalInSession: inSession.length,
    sessions,
    filters,
    failed: toppers === null,
  };
}

export type ToppersData = Awaited<ReturnType<typeof loadToppers>>;
