import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BALANCER, DATABASE_URL, REPO, tempFolder } from './stack.ts';

// Staff for the cluster run (an editor, an operator), made with the operator's CLI (`npm run staff`) and
// signed in over HTTP like the site does: session cookie, CSRF token, same-origin Origin.

const PASSWORD = 'cluster run password 2026';

export interface Staff {
  /** What every staff request carries: the session cookie, the CSRF token and our Origin. */
  headers: Record<string, string>;
  /** A staff API request through `origin` (a server, or the balancer). */
  send: (origin: string, method: 'POST' | 'PUT', url: string, body: object) => Promise<Response>;
}

/** An editor of the demo school. */
export function editor(signInThrough: string): Promise<Staff> {
  const email = `cluster-editor-${process.pid}@example.org`;
  return signedIn(signInThrough, email, ['add', '--school', 'STHSM', '--email', email, '--role', 'editor', '--password-stdin']);
}

/** A platform operator (`npm run staff -- operator`): creates, suspends and lifts schools. */
export function operator(signInThrough: string): Promise<Staff> {
  const email = `cluster-operator-${process.pid}@example.org`;
  return signedIn(signInThrough, email, ['operator', '--email', email, '--password-stdin']);
}

async function signedIn(signInThrough: string, email: string, cliArgs: string[]): Promise<Staff> {
  const cli = spawnSync(path.join(REPO, 'node_modules', '.bin', 'node'), ['api/src/staff/cli.ts', ...cliArgs], {
    cwd: REPO,
    input: PASSWORD,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DATABASE_URL, DATA_DIR: tempFolder('cli'), SITE_URL: BALANCER },
  });
  if (cli.status !== 0) throw new Error(`npm run staff -- ${cliArgs[0]} failed: ${cli.stderr}${cli.stdout}`);
  const signIn = await fetch(`${signInThrough}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BALANCER },
    body: JSON.stringify({ email, password: PASSWORD }),
    signal: AbortSignal.timeout(10_000),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = (signIn.headers.getSetCookie().find((c) => /staff_session=/.test(c)) ?? '').split(';')[0] ?? '';
  const me = await fetch(`${signInThrough}/api/admin/me`, { headers: { cookie }, signal: AbortSignal.timeout(10_000) });
  const { csrfToken } = (await me.json()) as { csrfToken: string };
  const headers = { origin: BALANCER, cookie, 'x-csrf-token': csrfToken };
  return {
    headers,
    send: (origin, method, url, body) =>
      fetch(`${origin}${url}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      }),
  };
}
