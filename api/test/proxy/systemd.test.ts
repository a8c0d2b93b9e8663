import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

// deploy/systemd/: the units docs/deploy.md installs. systemd-analyze checks every key (an unknown or
// misspelt one is only a warning to systemd, so a typo would silently drop a setting); the paths of
// the release are pointed at this checkout so that the check sees real files.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const unit = (name: string) => readFileSync(path.join(REPO, 'deploy', 'systemd', name), 'utf8');
const hasAnalyze = spawnSync('sh', ['-c', 'command -v systemd-analyze']).status === 0;
if (!hasAnalyze) console.warn('\n!!! systemd-analyze is missing: the unit files are not verified (api/test/proxy/systemd.test.ts) !!!\n');

/** The value of `key` in a unit file (the last one set). */
function setting(text: string, key: string): string | undefined {
  return [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].at(-1)?.[1];
}

const seconds = (value: string | undefined) => Number(/^(\d+)s$/.exec(value ?? '')?.[1] ?? Number.NaN);

describe('deploy/systemd units', () => {
  it.skipIf(!hasAnalyze)('have only keys systemd knows, with valid values', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sthsm-units-'));
    try {
      const site = unit('school-site@.service')
        .replaceAll('/opt/school-site/current/node_modules/.bin/node', path.join(REPO, 'node_modules', '.bin', 'node'))
        .replaceAll('WorkingDirectory=/opt/school-site/current', `WorkingDirectory=${REPO}`);
      writeFileSync(path.join(dir, 'school-site@.service'), site);
      writeFileSync(path.join(dir, 'caddy.service'), unit('caddy.service'));
      const run = spawnSync('systemd-analyze', ['verify', '--man=no', './school-site@3000.service', './caddy.service'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('run the server as its own user, restart it on failure and give its shutdown grace time to end', () => {
    const site = unit('school-site@.service');
    expect(setting(site, 'User')).toBe('school-site');
    expect(setting(site, 'StateDirectory')).toBe('school-site');
    expect(setting(site, 'StateDirectoryMode')).toBe('0700');
    expect(setting(site, 'Restart')).toBe('on-failure');
    expect(setting(site, 'KillSignal')).toBe('SIGTERM');
    // systemd's SIGKILL must come after the server's own deadline (SHUTDOWN_GRACE_MS), with room to close.
    expect(seconds(setting(site, 'TimeoutStopSec')) * 1000).toBeGreaterThanOrEqual(loadConfig({}).shutdownGraceMs + 10_000);
    expect(setting(site, 'MemoryDenyWriteExecute')).toBeUndefined();
    const caddy = unit('caddy.service');
    expect(setting(caddy, 'User')).toBe('caddy');
    expect(setting(caddy, 'Restart')).toBe('on-failure');
    expect(setting(caddy, 'ExecStart')).toBe('/usr/bin/caddy run --environ --config /etc/caddy/Caddyfile');
  });
});
