import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The MDN HTTP Observatory's scanner, offline. It is not a dependency of the project: its install
// scripts download a CA bundle and the HSTS preload and TLD lists from the internet, which `npm install`
// cannot do here. .ci/run installs it with `--ignore-scripts` into .cache/observatory and gives it an
// empty preload list (the test's names are on no preload list anyway); see docs/deploy.md.

const here = path.dirname(fileURLToPath(import.meta.url));
export const OBSERVATORY_DIR = path.resolve(here, '../../../.cache/observatory/node_modules/@mdn/mdn-http-observatory');

export function observatoryInstalled(): boolean {
  return (
    existsSync(path.join(OBSERVATORY_DIR, 'src', 'retriever', 'retriever.js')) &&
    existsSync(path.join(OBSERVATORY_DIR, 'conf', 'hsts-preload.json'))
  );
}

export interface ObservatoryResult {
  grade: string;
  score: number;
  testsPassed: number;
  testsQuantity: number;
  /** "test: result" of every test that did not pass. */
  failed: string[];
  results: Array<{ test: string; result: string; modifier: number }>;
}

/** Scans https://HOST through the ports given (the name resolved to 127.0.0.1), trusting `ca`. */
export async function observatoryScan(host: string, ports: { http: number; https: number }, ca: string): Promise<ObservatoryResult> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sthsm-observatory-'));
  const caFile = path.join(dir, 'ca.pem');
  await writeFile(caFile, ca);
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        [path.join(here, 'observatory-scan.ts'), OBSERVATORY_DIR, host, String(ports.http), String(ports.https)],
        { env: { PATH: process.env.PATH, NODE_EXTRA_CA_CERTS: caFile }, timeout: 45_000 },
        (err, out, errOut) => (err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve(out)),
      );
    });
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ObservatoryResult;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
