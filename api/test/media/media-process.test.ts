import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaProcessState, NOT_PROCESSED, procStatFields } from '../../src/media/media-process.ts';
import { variantWorkers } from '../../src/media/variant-worker.ts';
import { createSchool } from '../factories.ts';
import { engine, startTestApp, type TestApp } from '../helpers.ts';
import { createStaff, signIn, type Signed } from '../staff/staff-helpers.ts';
import { finish, phoneJpeg, tusUpload, upload } from './media-helpers.ts';

// Judging uploads and making variants run in the media process (media/media-process.ts): not the
// server's, at the lowest CPU priority, and a media process that dies costs one clear answer, not
// the upload.

let t: TestApp;
let editor: Signed;

beforeAll(async () => {
  t = await startTestApp();
  await createSchool(t.db, { code: 'STHSM' });
  editor = await signIn(t.app, await createStaff(t.db, { role: 'editor' }));
});
afterAll(() => t.close());

/** Linux's scheduling policy of a process (field 41): 0 normal, 5 SCHED_IDLE. */
const policyOf = (pid: number) => Number(procStatFields(pid)[38]);
/** Its nice value (field 19). */
const niceOf = (pid: number) => Number(procStatFields(pid)[16]);

const onLinux = process.platform === 'linux';

describe(`the media process (${engine})`, () => {
  it('judges an upload and makes its variants in another process, scheduled only on idle CPU time', async () => {
    const res = await upload(t.app, editor, await phoneJpeg(1200, 900, '#225588'), 'assembly.jpg');
    expect(res.statusCode, res.body).toBe(201);
    await variantWorkers.get(t.app)?.idle();
    const { pid } = mediaProcessState();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);
    if (onLinux) {
      expect(policyOf(process.pid)).toBe(0);
      expect(policyOf(pid as number)).toBe(5);
    }
    // The variants were made there: the 640 WebP exists.
    const ref = res.json().item.ref as string;
    const variant = await t.app.inject({ url: `/api/image/${ref}?w=640`, headers: { accept: 'image/webp' } });
    expect(variant.headers['content-type']).toBe('image/webp');
  });

  it.runIf(onLinux)(
    'gives a waiting upload an ordinary (nice 19) share of the CPU when idle time does not come, then goes back',
    async () => {
      expect((await upload(t.app, editor, await phoneJpeg(300, 200, '#335577'), 'warm-2.jpg')).statusCode).toBe(201);
      const { pid } = mediaProcessState();
      expect(policyOf(pid as number)).toBe(5);
      expect(niceOf(pid as number)).toBe(19);
      // Stopped, the child gets no CPU at all: as SCHED_IDLE on a saturated machine.
      process.kill(pid as number, 'SIGSTOP');
      const id = await tusUpload(t.app, editor, await phoneJpeg(500, 400, '#774411'), 'choir.jpg');
      const answer = finish(t.app, editor, id);
      try {
        // vi.waitUntil fails the test when the policy has not changed within the time-out.
        await vi.waitUntil(() => policyOf(pid as number) === 0, { timeout: 5000 });
        expect(mediaProcessState().raised).toBe(true);
      } finally {
        // Never leave the child stopped for the tests after this one.
        process.kill(pid as number, 'SIGCONT');
      }
      expect((await answer).statusCode).toBe(201);
      await vi.waitUntil(() => policyOf(pid as number) === 5, { timeout: 5000 });
      expect(niceOf(pid as number)).toBe(19);
    },
  );

  it('answers 503 with a message when the media process dies while judging; the same upload then goes in', async () => {
    // Warm the process, then stop it, so the request is surely waiting for it when it is killed.
    expect((await upload(t.app, editor, await phoneJpeg(300, 200, '#553311'), 'warm.jpg')).statusCode).toBe(201);
    await variantWorkers.get(t.app)?.idle();
    const { pid } = mediaProcessState();
    expect(pid).not.toBeNull();
    process.kill(pid as number, 'SIGSTOP');
    const id = await tusUpload(t.app, editor, await phoneJpeg(640, 480, '#118855'), 'sports-day.jpg');
    const answer = finish(t.app, editor, id);
    try {
      await vi.waitUntil(() => mediaProcessState().waiting > 0, { timeout: 5000 });
      expect(mediaProcessState().waiting).toBe(1);
    } finally {
      process.kill(pid as number, 'SIGKILL');
    }
    const res = await answer;
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(NOT_PROCESSED);

    // A new media process takes the retry: the upload was kept.
    const again = await finish(t.app, editor, id);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().item.name).toBe('sports-day.jpg');
    expect(mediaProcessState().pid).not.toBe(pid);
  });
});
