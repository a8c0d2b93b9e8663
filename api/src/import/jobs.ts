import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Actor } from '../content/store.ts';
import type { Db } from '../db/index.ts';
import { ImportError, lastLine, reportLines, runImport, type ImportReport } from './run.ts';

// An administrator's import (/admin/import) runs in the background of the server that was asked,
// one per school at a time; the page polls its progress. The finished report is kept in the audit
// log by runImport itself ("import.finished"); here only the latest run of each school is kept,
// in this process, for the page to show.

export interface ImportRun {
  id: string;
  from: string;
  dryRun: boolean;
  state: 'running' | 'finished' | 'failed';
  done: number;
  total: number;
  startedAt: string;
  /** The report's lines (the fixed line last) once finished; the reason when failed. */
  lines: string[];
  summary: string | null;
  failed: number;
}

const runs = new Map<string, ImportRun>();

export const ALREADY_RUNNING = 'An import for this school is running. Wait for it to finish.';

export function latestRun(school: string): ImportRun | null {
  return runs.get(school) ?? null;
}

/** Starts the import in the background; throws ImportError when one is running. */
export function startRun(o: {
  db: Db;
  config: Config;
  school: string;
  from: string;
  dryRun: boolean;
  actor: Actor;
  ip: string;
  now: () => Date;
  allowAddress?: (address: string) => boolean;
}): ImportRun {
  if (runs.get(o.school)?.state === 'running') throw new ImportError(ALREADY_RUNNING);
  const run: ImportRun = {
    id: randomBytes(8).toString('hex'),
    from: o.from,
    dryRun: o.dryRun,
    state: 'running',
    done: 0,
    total: 0,
    startedAt: o.now().toISOString(),
    lines: [],
    summary: null,
    failed: 0,
  };
  runs.set(o.school, run);
  void runImport({
    db: o.db,
    config: o.config,
    from: o.from,
    school: o.school,
    dryRun: o.dryRun,
    // A school's administrator may only read from public addresses (docs/decisions/0137).
    allowPrivate: false,
    ...(o.allowAddress ? { client: { allowAddress: o.allowAddress } } : {}),
    actor: o.actor,
    ip: o.ip,
    now: o.now,
    onProgress: (p) => {
      run.done = p.done;
      run.total = p.total;
    },
  }).then(
    (report: ImportReport) => {
      run.lines = reportLines(report);
      run.summary = lastLine(report);
      run.failed = report.problems.length;
      run.state = 'finished';
    },
    (err: unknown) => {
      run.lines = [err instanceof ImportError ? err.message : 'The import stopped on an error. Try again; what came in so far is kept.'];
      run.state = 'failed';
    },
  );
  return run;
}

/** Waits for the school's run to end (tests). */
export async function runEnded(school: string, timeoutMs = 120_000): Promise<ImportRun | null> {
  const until = Date.now() + timeoutMs;
  while (runs.get(school)?.state === 'running' && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return latestRun(school);
}
