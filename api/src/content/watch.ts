import type { Db } from '../db/index.ts';
import { contentVersions, nextTransitions } from './state.ts';

/**
 * What the caches ask before replaying an answer (docs/decisions/0061): the school's content
 * counter (from the database, read at most once per `intervalMs`, so every process sees another's
 * write within that time), and how long an answer of that school may live before its next
 * scheduled publish or unpublish moment.
 */
export interface ContentWatch {
  /** The school's counter; for answers that belong to no one school (null), the sum of all. */
  stamp(school: string | null): Promise<number>;
  /** Milliseconds until the school's next transition (null: none known). */
  msUntilTransition(school: string | null): number | null;
  /** This process wrote: read the counters again before the next answer. */
  changed(): void;
  /**
   * The school's counter as held now, without reading or waiting: null when `stamp` would read the
   * counters again first (they are older than half the interval, or this process wrote since).
   * Answers replayed before Fastify check it (replay.ts).
   */
  held?(school: string | null): number | null;
}

export interface ContentWatchOptions {
  /** The clock that decides publish windows (the app's; tests pin it). */
  now?: () => Date;
  intervalMs?: number;
  /** Elapsed time for the refresh interval. */
  clockMs?: () => number;
  onError?: (err: unknown) => void;
}

export function createContentWatch(db: Db, options: ContentWatchOptions = {}): ContentWatch {
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? 1000;
  const clockMs = options.clockMs ?? Date.now;
  let versions = new Map<string, number>();
  let transitions = new Map<string, number>();
  let transitionsKnown = false;
  let checkedAt = Number.NEGATIVE_INFINITY;
  /** Moves with every changed(): a read that started before a change does not count as fresh. */
  let changes = 0;
  let loading: Promise<void> | null = null;

  /** Whether the counters differ from the last ones read (a school added, removed or moved). */
  const moved = (next: Map<string, number>) => next.size !== versions.size || [...next].some(([school, v]) => versions.get(school) !== v);

  async function refresh(): Promise<void> {
    const started = clockMs();
    const changesAtStart = changes;
    try {
      const at = now();
      const v = await contentVersions(db);
      // The next transitions change only with a write (which moves its school's counter) or when
      // one of them has passed: the query over every content table runs then, not every second.
      const passed = [...transitions.values()].some((t) => t <= at.getTime());
      if (!transitionsKnown || passed || moved(v)) {
        const t = await nextTransitions(db, at);
        transitions = new Map([...t].map(([school, iso]) => [school, Date.parse(iso)]));
        transitionsKnown = true;
      }
      versions = v;
    } catch (err) {
      // Keep the last known counters: answers stay bounded by their TTL.
      options.onError?.(err);
    } finally {
      if (changes === changesAtStart) checkedAt = started;
    }
  }

  /**
   * Past half the interval the counters are read again in the background, and answers go on with
   * the ones held; only counters older than the whole interval (or after this process wrote) make
   * an answer wait. So a busy process never holds every request behind the read (the p99 of
   * cached answers, issue 18), and no answer uses counters older than `intervalMs`.
   */
  async function fresh(): Promise<void> {
    const age = clockMs() - checkedAt;
    if (age < intervalMs / 2) return;
    loading ??= refresh().finally(() => {
      loading = null;
    });
    if (age >= intervalMs) await loading;
  }

  const counterOf = (school: string | null) => {
    if (school !== null) return versions.get(school) ?? 0;
    let sum = 0;
    for (const v of versions.values()) sum += v;
    return sum;
  };

  return {
    async stamp(school) {
      await fresh();
      return counterOf(school);
    },
    held(school) {
      return clockMs() - checkedAt < intervalMs / 2 ? counterOf(school) : null;
    },
    msUntilTransition(school) {
      const at = now().getTime();
      const times = school === null ? [...transitions.values()] : [transitions.get(school)].filter((t) => t !== undefined);
      const next = times.filter((t) => t > at).reduce<number | null>((min, t) => (min === null || t < min ? t : min), null);
      return next === null ? null : next - at;
    },
    changed() {
      changes++;
      checkedAt = Number.NEGATIVE_INFINITY;
    },
  };
}
