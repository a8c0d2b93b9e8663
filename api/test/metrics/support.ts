import { engine } from '../helpers.ts';

// Reading figures out of GET /metrics (the Prometheus text format) for the metrics tests.

/** The doctor's ports are 3650–3679; the metrics tests listen on these, one per engine and file. */
export const metricsPort = (offset: number) => (engine === 'postgres' ? 3670 : 3656) + offset;

/** The value of `name` with these labels (others may be present), summed over matching series; 0 when absent. */
export function figure(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) total += Number(match[3]);
  }
  return total;
}
