// `npm run test:api`: the API tests once per engine, the two engines side by side in two Vitest
// processes (decision 0157). Each process runs its files one at a time (Vitest's default on two cores),
// so no two files of one engine ever meet; the fixed ports some files take differ per engine, every
// PostgreSQL file has a schema of its own and every Redis user a key prefix of its own. Each line is
// written whole, led by its engine, so the two reports can be read apart. Exits non-zero if either fails.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const projects = ['api-sqlite', 'api-postgres'] as const;
/** Vitest's own file filters (`npm run test:api -- api/test/search`) go to both processes. */
const filters = process.argv.slice(2);

function run(project: (typeof projects)[number]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', project, ...filters], {
      env: { ...process.env, TEST_DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tag = `[${project.slice(4)}]`;
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`${tag} ${line}\n`));
    }
    child.on('error', (error) => {
      console.error(`${tag} could not start Vitest: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(projects.map(run));
projects.forEach((project, i) => console.log(`${project}: ${codes[i] === 0 ? 'passed' : `FAILED (exit ${codes[i]})`}`));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
