import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceClient } from '../../src/import/http.ts';
import { lastLine, reportLines, runImport, type ImportReport } from '../../src/import/run.ts';
import { engine, type TestApp } from '../helpers.ts';
import { emptyInstall } from './import-support.ts';
import { startStub, STUB, type Stub } from './stub-source.ts';

// A source that misbehaves: each failure is reported with its reason, the rest is imported, items
// whose files failed stay drafts, and the command's exit status and last line say so.

const MAX_BYTES = 100_000;
const LAST = 'Imported 7 items and 1 files; 0 unchanged, 8 failed.';
let stub: Stub;
let target: TestApp;
let report: ImportReport;

beforeAll(async () => {
  stub = await startStub({ slowMs: 3000, bigBytes: MAX_BYTES + 1 });
  target = await emptyInstall(STUB, { MEDIA_MAX_BYTES: String(MAX_BYTES) });
  report = await runImport({
    db: target.db,
    config: target.config,
    from: stub.base,
    school: STUB,
    dryRun: false,
    allowPrivate: true,
    actor: null,
    client: { timeoutMs: 500, fileTimeoutMs: 2000, backoffMs: 10 },
  });
}, 120_000);
afterAll(async () => {
  await target?.close();
  await stub?.close();
});

const reasonOf = (what: string) => report.problems.find((p) => p.what === what)?.reason;

describe('importing from a source that misbehaves', () => {
  it('reports each failure with its reason', () => {
    expect(reasonOf('news bad1')).toMatch(/^malformed: title/);
    expect(reasonOf(`GET /highlight/${STUB}`)).toBe('answered 500');
    expect(reasonOf(`GET /topper/${STUB}`)).toBe('no answer within 1 s');
    expect(reasonOf(`GET /PrincipalMessage/${STUB}`)).toBe('answered text/html, not JSON');
    expect(reasonOf(`GET /notification/${STUB}`)).toBe('answered malformed JSON');
    expect(reasonOf('file missing.jpg')).toBe('the file is missing at the source (404)');
    expect(reasonOf('file big.jpg')).toBe('refused: This file is larger than 98 KB.');
    expect(reasonOf('file text.jpg')).toBe('refused: This file is not a photo or a PDF.');
    expect(report.problems).toHaveLength(8);
    expect(lastLine(report)).toBe(LAST);
  });

  it('asks a source at most four things at once', async () => {
    const client = new SourceClient({ allowPrivate: true, maxFileBytes: MAX_BYTES });
    stub.peak = 0;
    await Promise.all(Array.from({ length: 10 }, () => client.json(`${stub.base}/slow`)));
    expect(stub.peak).toBe(4);
    expect(client.peak).toBe(4);
  });

  it('retries, honours Retry-After and walks pages', () => {
    expect(stub.seen.get(`/api/highlight/${STUB}`)).toBe(4);
    expect(stub.seen.get(`/api/events/All/${STUB}`)).toBe(2);
    expect(stub.seen.get(`/api/video/all/${STUB}?page=2`)).toBe(1);
  });

  it('imports the rest, keeps items whose files failed as drafts and lists them', async () => {
    const news = (await target.app.inject({ url: `/api/news/${STUB}` })).json() as Array<{ _id: string; attachments: string[] }>;
    expect(news.map((n) => n._id)).toEqual(['news1']);
    const drafts = await target.db.selectFrom('news').select(['_id', 'status']).where('_id', '=', 'news2').execute();
    expect(drafts).toEqual([{ _id: 'news2', status: 'draft' }]);
    expect(report.drafts.toSorted()).toEqual(['albums “Sports day”', 'events “Annual day”', 'news “News news2”']);
    const videos = (await target.app.inject({ url: `/api/video/all/${STUB}` })).json() as unknown[];
    expect(videos).toHaveLength(2);
    expect(report.unlinked).toEqual(['birthday: Asha Verma (V A)']);
    expect(reportLines(report)).toContain('not linked to a consent record: birthday: Asha Verma (V A)');
    // The photo went through the upload's judging: no location left.
    const photo = await target.app.inject({ url: `/api/image/${news[0]?.attachments[0]}` });
    expect(photo.statusCode).toBe(200);
    // oxlint-disable-next-line import/no-named-as-default-member -- under Node, exifr's module has only its default export
    expect(await exifr.gps(photo.rawPayload).catch(() => undefined)).toBeUndefined();
  });

  it.runIf(engine === 'sqlite')(
    'exits 1 with the report and the fixed last line from the command line',
    async () => {
      const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
        execFile(
          process.execPath,
          [fileURLToPath(new URL('../../src/import/cli.ts', import.meta.url)), '--from', stub.base, '--school', STUB, '--timeout', '0.5'],
          {
            env: {
              ...process.env,
              DATA_DIR: target.config.dataDir,
              DATABASE_URL: `${target.config.dataDir}/test.db`,
              MEDIA_MAX_BYTES: String(MAX_BYTES),
              IMPORT_TIMEOUT_MS: '500',
              IMPORT_BACKOFF_MS: '10',
              LOG_LEVEL: 'silent',
            },
            timeout: 60_000,
          },
          (err, out) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout: out }),
        );
      });
      const lines = stdout.trim().split('\n');
      expect(code).toBe(1);
      // A second run: the 7 items (the drafts still without their files) and the file are unchanged.
      expect(lines.at(-1)).toBe('Imported 0 items and 0 files; 8 unchanged, 8 failed.');
      expect(lines).toContain('failed: file big.jpg: refused: This file is larger than 98 KB.');
      expect(lines).toContain('kept as a draft (some of its files did not come): news “News news2”');
    },
    90_000,
  );
});
