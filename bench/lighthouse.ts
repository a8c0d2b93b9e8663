// Lighthouse (mobile preset, default throttling) on one page: scores, LCP, CLS, TBT, bytes, and a
// few lines on what held the page back. Reports are kept under .cache/lighthouse/ (git-ignored).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runAsync } from './processes.ts';
import { BIN, CHROME_FLAGS, CHROME_PATH, REPORT_DIR, ROOT } from './settings.ts';

/** Lighthouse's JSON result and its audits' detail items, read field by field (their shapes vary by audit and version). */
// oxlint-disable-next-line typescript/no-explicit-any -- see above: one alias instead of a cast at every read.
type Untyped = any;

export interface LhRun {
  scores: Record<string, number>;
  lcp: number;
  cls: number;
  tbt: number;
  benchmarkIndex: number;
  totalBytes: number;
  jsBytes: number;
  jsUrls: string[];
}

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The report files' base name of one run: `home-1`, `news-2`, `SubGallery-1`… */
function reportName(url: string, runNo: number): string {
  const p = new URL(url).pathname.replace(/^\/+|\/+$/g, '').replace(/[^A-Za-z0-9_-]+/g, '_');
  return `${p || 'home'}-${runNo}`;
}

export async function lighthouse(url: string, runNo: number): Promise<LhRun> {
  mkdirSync(REPORT_DIR, { recursive: true });
  const base = path.join(REPORT_DIR, reportName(url, runNo));
  await runAsync(
    path.join(BIN, 'lighthouse'),
    [
      url,
      '--output=json',
      '--output=html',
      `--output-path=${base}`,
      '--quiet',
      `--only-categories=${CATEGORIES.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      '--max-wait-for-load=60000',
    ],
    { CHROME_PATH },
    180_000,
  );
  const lhr = JSON.parse(readFileSync(`${base}.report.json`, 'utf8')) as Untyped;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  printDiagnosis(url, lhr, `${base}.report.html`);
  const scores: Record<string, number> = {};
  for (const c of CATEGORIES) scores[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as { url: string; resourceType?: string; transferSize?: number }[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  return {
    scores,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
    totalBytes: lhr.audits['total-byte-weight']?.numericValue ?? 0,
    jsBytes: scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0),
    jsUrls: scripts.map((i) => i.url),
  };
}

/**
 * One run's misses in a few lines: the LCP element and its phases, failing audits with their
 * estimated savings (opportunities first), the longest tasks and render-blocking requests.
 */
function printDiagnosis(url: string, lhr: Untyped, reportPath: string): void {
  const audits = lhr.audits as Record<
    string,
    {
      score: number | null;
      scoreDisplayMode?: string;
      title: string;
      displayValue?: string;
      numericValue?: number;
      metricSavings?: Record<string, number>;
      details?: { type?: string; items?: unknown[] };
    }
  >;
  const scores = CATEGORIES.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`).join(', ');
  const metric = (id: string) => audits[id]?.displayValue ?? 'n/a';
  const out: string[] = [
    `  ${url}: ${scores}; FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')} (report: ${path.relative(ROOT, reportPath)})`,
  ];
  const items = (id: string): Untyped[] => (audits[id]?.details?.items ?? []) as Untyped[];
  const lcpNode = items('largest-contentful-paint-element')
    .concat(items('lcp-breakdown-insight'))
    .find((i: Untyped) => i?.type === 'node');
  if (lcpNode) out.push(`    LCP element: ${String(lcpNode.selector ?? '').slice(0, 100)} ${String(lcpNode.snippet ?? '').slice(0, 140)}`);
  const phases = items('lcp-breakdown-insight').find((i: Untyped) => i?.type === 'table')?.items as
    { label: string; duration: number }[] | undefined;
  if (phases) out.push(`    LCP phases: ${phases.map((p) => `${p.label} ${Math.round(p.duration)} ms`).join(', ')}`);
  const failing = Object.entries(audits)
    .filter(
      ([, a]) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .map(([id, a]) => ({ id, a, savings: (a.metricSavings?.LCP ?? 0) + (a.metricSavings?.FCP ?? 0) + (a.metricSavings?.TBT ?? 0) }))
    .sort((x, y) => y.savings - x.savings)
    .slice(0, 10);
  for (const { id, a, savings } of failing) {
    out.push(
      `    ✗ ${id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}${savings > 0 ? ` — est. savings ${Math.round(savings)} ms` : ''}`,
    );
  }
  const tasks = (items('long-tasks') as { url: string; duration: number }[]).slice(0, 5);
  if (tasks.length > 0)
    out.push(`    long tasks: ${tasks.map((t) => `${Math.round(t.duration)} ms ${t.url.replace(/^https?:\/\/[^/]+/, '')}`).join(', ')}`);
  const blocking = items('render-blocking-insight') as { url?: string; wastedMs?: number }[];
  if (blocking.length > 0)
    out.push(
      `    render-blocking: ${blocking.map((b) => `${String(b.url ?? '').replace(/^https?:\/\/[^/]+/, '')} (${Math.round(b.wastedMs ?? 0)} ms)`).join(', ')}`,
    );
  console.log(out.join('\n'));
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
