// Throughput and latency with wrk: requests/s, p99, socket errors and non-2xx answers.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAsync, tempDirs } from './processes.ts';
import { parseWrk, type WrkResult } from './wrk-output.ts';

export type { WrkResult };

/**
 * wrk's closed loop: each connection sends its next request as soon as the last one is answered,
 * so the server is kept saturated (throughput, and the latency of a full queue). With `pauseMs`,
 * each connection waits between requests, like a visitor reading a page: a steady load below
 * capacity (about connections × 1000 / pauseMs requests/s), whose p99 is what a visitor waits. The
 * pause is drawn between 0 and twice `pauseMs` each time: equal pauses keep the connections in step,
 * all asking at once, and the p99 then measures that burst's queue.
 */
export async function wrk(
  url: string,
  seconds: number,
  connections: number,
  acceptEncoding = 'gzip',
  pauseMs?: number,
): Promise<WrkResult> {
  const script: string[] = [];
  if (pauseMs !== undefined) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sthsm-bench-wrk-'));
    tempDirs.push(dir);
    const file = path.join(dir, 'pause.lua');
    writeFileSync(file, `function delay() return math.random(0, ${Math.round(2 * pauseMs)}) end\n`);
    script.push('-s', file);
  }
  const out = await runAsync(
    'wrk',
    [
      '-t2',
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '--latency',
      ...script,
      '-H',
      `Accept-Encoding: ${acceptEncoding}`,
      url,
    ],
    {},
    (seconds + 60) * 1000,
  );
  return parseWrk(out);
}
