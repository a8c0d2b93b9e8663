import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run lint` fails on a wrongly cased file name, an unformatted file and a forbidden import.
// Each is shown here by a deliberately broken file, linted with the repository's own configuration
// (.oxlintrc.json, .prettierrc.json) in a scratch copy of the tree's layout, beside files that pass.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
let dir: string;

const FIXTURES: Record<string, string> = {
  // Formatted and allowed: must pass.
  'web/app/lib/good-helper.ts': "import { SCHOOL_HEADER } from '@sthsm/contract/http';\n\nexport const header = SCHOOL_HEADER;\n",
  'web/e2e/support/open-database.ts': "import { openDatabase } from '../../../api/src/db/index.ts';\n\nexport const open = openDatabase;\n",
  'api/test/news-through-http.test.ts': "import { startTestApp } from './helpers.ts';\n\nexport const start = startTestApp;\n",
  // Staff-side code is imported by the staff area only.
  'web/app/routes/admin/uses-staff-code.tsx':
    "import { adminMeta } from '../../lib/staff/admin-meta';\nimport { Field } from '../../components/admin/fields';\n\nexport const both = [adminMeta, Field];\n",
  'web/app/lib/staff/uses-a-sibling.ts': "import { mediaQuery } from './media';\n\nexport const query = mediaQuery;\n",
  // The environment is read in one module per half.
  'api/src/config.ts': 'export const port = process.env.PORT;\n',
  'web/app/lib/env.server.ts': 'export const zone = process.env.TIME_ZONE;\n',
  'api/test/sets-the-environment.test.ts': "process.env.TZ = 'UTC';\n\nexport const zone = process.env.TZ;\n",
  // One fault each.
  'web/app/components/SiteBanner.tsx': 'export const banner = 1;\n',
  'web/app/lib/unformatted.ts': 'export const  list = [ "a",\n"b" ]\n',
  'web/app/lib/reads-the-database.ts':
    "import { openDatabase } from '../../../api/src/db/index.ts';\n\nexport const open = openDatabase;\n",
  'web/app/lib/imports-demo-content.ts': "import { profiles } from '@sthsm/content/profile';\n\nexport const all = profiles;\n",
  'packages/contract/src/imports-the-site.ts': "import { env } from '@sthsm/web/app/lib/env.server';\n\nexport const e = env;\n",
  'web/e2e/peeks-at-the-database.spec.ts':
    "import { openDatabase } from '../../api/src/db/index.ts';\n\nexport const open = openDatabase;\n",
  'api/test/calls-a-route.test.ts': "import { newsRoutes } from '../src/routes/news.ts';\n\nexport const routes = newsRoutes;\n",
  'web/app/routes/public-page-imports-staff-code.tsx':
    "import { adminMeta } from '../lib/staff/admin-meta';\n\nexport const meta = adminMeta;\n",
  'web/app/components/home/card-imports-an-admin-component.tsx':
    "import { Field } from '../admin/fields';\n\nexport const field = Field;\n",
  'web/app/lib/public-helper-imports-staff-code.ts': "import { mediaQuery } from './staff/media';\n\nexport const query = mediaQuery;\n",
  'api/src/routes/reads-the-environment.ts': 'export const limit = process.env.FORM_RATE_LIMIT_PER_MINUTE;\n',
  'web/app/lib/reads-the-environment.server.ts': "export const zone = process.env.TIME_ZONE ?? 'Asia/Kolkata';\n",
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'sthsm-lint-'));
  for (const file of ['.oxlintrc.json', '.prettierrc.json', '.prettierignore']) copyFileSync(path.join(ROOT, file), path.join(dir, file));
  for (const [file, text] of Object.entries(FIXTURES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function lint(tool: 'oxlint' | 'prettier'): { status: number | null; output: string } {
  const args = tool === 'oxlint' ? ['--deny-warnings', '--format', 'unix', '.'] : ['--check', '.'];
  const result = spawnSync(path.join(BIN, tool), args, { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The files a lint output names for a rule. */
const flagged = (output: string, rule: string) =>
  [
    ...new Set(
      output
        .split('\n')
        .filter((l) => l.includes(rule))
        .map((l) => l.split(':')[0]?.replace(/^\.\//, '')),
    ),
  ].sort();

describe('npm run lint', () => {
  it('fails on a file name that is not kebab-case', () => {
    const { status, output } = lint('oxlint');
    expect(status).not.toBe(0);
    expect(flagged(output, 'filename-case')).toEqual(['web/app/components/SiteBanner.tsx']);
  });

  it('fails on imports across the boundaries: site → API or demo content, public pages → staff code, contract → anything of ours, tests → route internals', () => {
    const { output } = lint('oxlint');
    expect(flagged(output, 'no-restricted-imports')).toEqual([
      'api/test/calls-a-route.test.ts',
      'packages/contract/src/imports-the-site.ts',
      'web/app/components/home/card-imports-an-admin-component.tsx',
      'web/app/lib/imports-demo-content.ts',
      'web/app/lib/public-helper-imports-staff-code.ts',
      'web/app/lib/reads-the-database.ts',
      'web/app/routes/public-page-imports-staff-code.tsx',
      'web/e2e/peeks-at-the-database.spec.ts',
    ]);
  });

  it('fails on a read of process.env outside the two configuration modules (api/src/config.ts, web/app/lib/env.server.ts)', () => {
    const { output } = lint('oxlint');
    expect(flagged(output, 'no-process-env')).toEqual([
      'api/src/routes/reads-the-environment.ts',
      'web/app/lib/reads-the-environment.server.ts',
    ]);
  });

  it('fails on an unformatted file, and only on it', () => {
    const { status, output } = lint('prettier');
    expect(status).not.toBe(0);
    expect(output).toContain('web/app/lib/unformatted.ts');
    for (const file of Object.keys(FIXTURES).filter((f) => f !== 'web/app/lib/unformatted.ts')) expect(output).not.toContain(file);
  });
});
