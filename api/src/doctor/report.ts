// What `npm run doctor` says: one line per check, starting with its verdict (OPERATIONS.md "On the
// school's own domain"). A check that does not answer within its time-out fails instead of hanging.

export type Verdict = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  verdict: Verdict;
  /** Short name of what was checked: `database`, `smtp`, `disk` … */
  check: string;
  /** What was found and, unless ok, what to do about it. */
  says: string;
}

/** No single check waits longer than this, whatever it talks to (each has shorter time-outs of its own). */
export const CHECK_AT_MOST_MS = 15_000;

export const ok = (check: string, says: string): CheckResult => ({ verdict: 'ok', check, says });
export const warn = (check: string, says: string): CheckResult => ({ verdict: 'warn', check, says });
export const fail = (check: string, says: string): CheckResult => ({ verdict: 'fail', check, says });

/** Runs one check within CHECK_AT_MOST_MS; a throw or a time-out is that check's failure. */
export async function bounded(check: string, run: () => Promise<CheckResult>, ms = CHECK_AT_MOST_MS): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(
      () => resolve(fail(check, `no answer within ${ms / 1000} s: see what it waits for (network, disk) and run the doctor again`)),
      ms,
    );
  });
  try {
    return await Promise.race([run().catch((err: unknown) => fail(check, `could not be checked: ${messageOf(err)}`)), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function messageOf(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return messageOf(err.errors[0]);
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' && e.message ? e.message : String(err);
  return typeof e?.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message;
}

/** `ok   database: …` — the verdict first, padded so the names line up. */
export function formatLine(result: CheckResult): string {
  return `${result.verdict.padEnd(4)} ${result.check}: ${result.says}`;
}

export function anyFailed(results: CheckResult[]): boolean {
  return results.some((r) => r.verdict === 'fail');
}

/** Bytes as a person reads them: 1.5 GB, 320 MB. */
export function sizeText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
