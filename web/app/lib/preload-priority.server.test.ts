import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './preload-priority.server';

async function through(chunks: string[]): Promise<string> {
  const stream = lowPriorityModulePreloads();
  const out: string[] = [];
  stream.on('data', (c: Buffer | string) => out.push(c.toString()));
  const finished = new Promise((resolve) => stream.on('end', resolve));
  for (const c of chunks) stream.write(c);
  stream.end();
  await finished;
  return out.join('');
}

const head =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/assets/s.css"/><link rel="modulepreload" href="/assets/b.js"/></head>';
const body = '<body><p>&lt;link rel="modulepreload" href="x"&gt;</p><link rel="modulepreload" href="/late.js"/></body></html>';

describe('lowPriorityModulePreloads', () => {
  it('marks every modulepreload in the head fetchpriority="low", and nothing else', async () => {
    const html = await through([head, body]);
    expect(html.match(/<link rel="modulepreload" fetchpriority="low" href="\/assets\/[ab]\.js"/g)).toHaveLength(2);
    expect(html).toContain('<link rel="stylesheet" href="/assets/s.css"/>');
    expect(html.endsWith(body)).toBe(true);
  });

  it('finds tags split across chunks', async () => {
    const whole = head + body;
    const chunks = whole.match(/[\s\S]{1,7}/g) ?? [];
    expect(await through(chunks)).toBe(await through([whole]));
  });

  it('passes a document without a head end through, marked', async () => {
    expect(await through(['<link rel="modulepreload" href="/x.js"/>'])).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/x.js"/>',
    );
  });
});
