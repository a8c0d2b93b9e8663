// Throughput and latency with wrk: requests/s, p99, socket errors and non-2xx answers.
import { runAsync } from './processes.ts';
import { parseWrk, type WrkResult } from './wrk-output.ts';

export type { WrkResult };

export async function wrk(url: string, seconds: number, connections: number, acceptEncoding = 'gzip'): Promise<WrkResult> {
  const out = await runAsync(
    'wrk',
    ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '--latency', '-H', `Accept-Encoding: ${acceptEncoding}`, url],
    {},
    (seconds + 60) * 1000,
  );
  return parseWrk(out);
}
