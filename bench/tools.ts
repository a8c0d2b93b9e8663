// The system tools the bench needs besides npm's: wrk, nginx and Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { run } from './processes.ts';
import { BIN, CHROME_PATH } from './settings.ts';

function has(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0 || existsSync(cmd);
}

/** Installs wrk, nginx and Chromium with apt-get when run as root; otherwise stops at once naming the command. */
export function ensureTools(): void {
  const missing: string[] = [];
  if (!has('wrk')) missing.push('wrk');
  if (!has('nginx') && !existsSync('/usr/sbin/nginx')) missing.push('nginx-light');
  if (!existsSync(CHROME_PATH)) missing.push('chromium');
  if (missing.length > 0 && process.getuid?.() === 0) {
    console.log(`Installing ${missing.join(' ')} with apt-get…`);
    run('apt-get', ['update', '-qq'], {}, 600_000);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { DEBIAN_FRONTEND: 'noninteractive' }, 900_000);
    missing.length = 0;
  }
  if (missing.length > 0) {
    console.error(
      `The bench needs ${missing.join(', ')}. Install them first:\n  sudo apt-get install -y ${missing.join(' ')}\n(or set CHROME_PATH to another Chromium/Chrome).`,
    );
    process.exit(2);
  }
  if (!existsSync(path.join(BIN, 'lighthouse'))) {
    console.error('node_modules/.bin/lighthouse is missing: run "npm install" first.');
    process.exit(2);
  }
}
export const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
