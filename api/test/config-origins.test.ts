import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig, trustProxyWarnings } from '../src/config.ts';
import { engine } from './helpers.ts';
import { siteTestPort } from './security/raw-http.ts';

// The configuration block for who may post (SITE_URL, ALLOWED_ORIGINS) and the TRUST_PROXY
// start-up warnings (api/src/config.ts; decisions 0017, 0040).

describe('SITE_URL and ALLOWED_ORIGINS', () => {
  it('reduce to origins; the site origin defaults to http://localhost:PORT', () => {
    expect(loadConfig({}).siteOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).siteOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ SITE_URL: 'https://WWW.School.example/' }).siteOrigin).toBe('https://www.school.example');
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: ' https://Alumni.School.example , http://127.0.0.1:4000/,https://alumni.school.example' })
        .allowedOrigins,
    ).toEqual(['https://alumni.school.example', 'http://127.0.0.1:4000']);
  });

  it('stop start-up with one line naming the variable for a value that is not an origin', () => {
    expect(() => loadConfig({ SITE_URL: 'www.school.example' })).toThrow(
      /^Invalid configuration: SITE_URL must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ SITE_URL: 'ftp://school.example' })).toThrow(/SITE_URL/);
    for (const bad of [
      'alumni.school.example',
      'https://alumni.school.example/path',
      'https://a.example?x=1',
      '*',
      'null',
      'https://u:p@a.example',
    ]) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: bad }), bad).toThrow(
        /^Invalid configuration: ALLOWED_ORIGINS must be comma-separated origins/,
      );
    }
  });
});

const warn = (TRUST_PROXY: string, HOST: string) => trustProxyWarnings(loadConfig({ TRUST_PROXY, HOST }));

describe('TRUST_PROXY start-up warnings', () => {
  it('say nothing for the default, or a proxy address list', () => {
    expect(warn('loopback', 'localhost')).toEqual([]);
    expect(warn('loopback', '0.0.0.0')).toEqual([]);
    expect(warn('10.0.0.5', '0.0.0.0')).toEqual([]);
    expect(warn('2', '127.0.0.1')).toEqual([]);
  });

  it('name the risk of "on" (a client picks its own address), wherever the server listens', () => {
    for (const host of ['0.0.0.0', 'localhost']) {
      const [line, ...rest] = warn('on', host);
      expect(rest).toEqual([]);
      expect(line).toMatch(/TRUST_PROXY=on believes the left-most X-Forwarded-For address.*escape the rate limits/);
      expect(line).toContain(`listening on ${host}`);
    }
    expect(warn('10.0.0.0/8, 0.0.0.0/0', '0.0.0.0')[0]).toMatch(/escape the rate limits/);
  });

  it('name the risk of "off" (one bucket for everyone behind a proxy and every form sent through the site)', () => {
    const [line] = warn('off', '127.0.0.1');
    expect(line).toMatch(/TRUST_PROXY=off .*listening on 127\.0\.0\.1: this machine only.*shares one rate-limit bucket/);
  });

  it('name the risk of a hop count on an address other machines reach', () => {
    expect(warn('1', '0.0.0.0')[0]).toMatch(/TRUST_PROXY=1 trusts that many hops .*reachable from other machines.*name its own address/);
  });
});

describe('server start-up', () => {
  // One engine is enough: this is about what `npm start` prints, not about the database.
  it.runIf(engine === 'sqlite')(
    'prints the TRUST_PROXY warning once the server listens',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'sthsm-startup-'));
      const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
      const child = spawn(process.execPath, [server], {
        env: {
          ...process.env,
          PORT: String(siteTestPort(3)),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          TRUST_PROXY: 'on',
          LOG_LEVEL: 'warn',
          WEB_BUILD_DIR: 'no-build-here',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      try {
        const line = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no warning within 30 s: ${output}`)), 30_000);
          child.stdout.on('data', (chunk: Buffer) => {
            output += chunk.toString();
            const found = output.split('\n').find((l) => l.includes('TRUST_PROXY=on'));
            if (found) {
              clearTimeout(timer);
              resolve(found);
            }
          });
          child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
        });
        expect(JSON.parse(line)).toMatchObject({ level: 40, msg: expect.stringMatching(/escape the rate limits/) });
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    40_000,
  );
});
