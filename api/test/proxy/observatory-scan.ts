// Runs the MDN HTTP Observatory's scanner (npm @mdn/mdn-http-observatory, installed by .ci/run into
// .cache/observatory) against a host name served on this machine, and prints its result as JSON.
// Its own `scan()` takes no ports and resolves names through DNS, so this does what `scan()` does
// (retrieve, run every test, grade) with the ports given and the name resolved to 127.0.0.1.
// Started by observatory.ts with NODE_EXTRA_CA_CERTS set to the test CA (the scanner verifies
// certificates as a browser would). Usage: node observatory-scan.ts DIR HOST HTTP_PORT HTTPS_PORT
import dns from 'node:dns';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir = '', host = '', httpPort = '', httpsPort = ''] = process.argv.slice(2);

type Lookup = (hostname: string, options: unknown, callback: (...args: unknown[]) => void) => void;
const systemLookup = dns.lookup as unknown as Lookup;
// Only the scanned name is answered here; every other name is looked up as usual.
(dns as unknown as { lookup: Lookup }).lookup = (hostname, options, callback) => {
  const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
  if (hostname !== host) return systemLookup(hostname, options, callback);
  if (all) cb(null, [{ address: '127.0.0.1', family: 4 }]);
  else cb(null, '127.0.0.1', 4);
};

const load = (file: string) => import(pathToFileURL(path.join(dir, 'src', file)).href);
const { retrieve } = await load('retriever/retriever.js');
const { ALL_TESTS, NUM_TESTS } = await load('constants.js');
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load('grader/charts.js');
const { getGradeForScore, getScoreModifier } = await load('grader/grader.js');

interface TestResult {
  result?: string;
  pass?: boolean;
  scoreModifier?: number;
  constructor: { name: string };
}

const requests = await retrieve(host, { httpPort: Number(httpPort), httpsPort: Number(httpsPort) });
if (!requests.responses.auto) throw new Error(`The Observatory could not reach ${host}.`);
const results = (ALL_TESTS as Array<(r: unknown) => TestResult>).map((test) => test(requests));
let passed = 0;
let withExtraCredit = 100;
let uncurved = 100;
const failed: string[] = [];
for (const result of results) {
  if (!result.result) continue;
  result.scoreModifier = getScoreModifier(result.result) as number;
  if (result.pass) passed++;
  else failed.push(`${result.constructor.name}: ${result.result}`);
  withExtraCredit += result.scoreModifier;
  if (result.scoreModifier < 0) uncurved += result.scoreModifier;
}
const final = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved) as { score: number; grade: string };
console.log(
  JSON.stringify({
    grade: final.grade,
    score: final.score,
    testsPassed: passed,
    testsQuantity: NUM_TESTS,
    failed,
    results: results.map((r) => ({ test: r.constructor.name, result: r.result, modifier: r.scoreModifier })),
  }),
);
