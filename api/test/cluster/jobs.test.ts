import { afterEach, describe, expect, it } from 'vitest';
import { runExclusive } from '../../src/cluster/jobs.ts';
import { leaseOf, takeLease } from '../../src/repositories/job-leases.ts';
import { startTestApp, type TestApp } from '../helpers.ts';

// Job leases: one holder at a time across servers on the shared database; a holder that dies
// (stops renewing, as after SIGKILL) gives the job up when its lease expires.
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('runExclusive', () => {
  it('runs a job on one of two servers racing for it', async () => {
    t = await startTestApp();
    const db = t.db;
    let runs = 0;
    const job = async () => {
      runs++;
      await sleep(100);
      return 'done';
    };
    const outcomes = await Promise.all([
      runExclusive(db, 'nightly', job, { holder: 'server-1' }),
      runExclusive(db, 'nightly', job, { holder: 'server-2' }),
    ]);
    expect(runs).toBe(1);
    expect(outcomes.filter((o) => o.ran)).toEqual([{ ran: true, value: 'done' }]);
    // Released at the end: the next run may take it at once.
    expect(await leaseOf(db, 'nightly')).toBeNull();
    expect(await runExclusive(db, 'nightly', async () => 1, { holder: 'server-2' })).toEqual({ ran: true, value: 1 });
  });

  it("lets another server take a dead holder's job once its lease has expired, not before", async () => {
    t = await startTestApp();
    const db = t.db;
    const start = Date.parse('2026-05-01T06:00:00.000Z');
    // server-1 took the lease for 30 s and was killed: nobody renews or releases it.
    expect(await takeLease(db, 'variants', 'server-1', new Date(start), new Date(start + 30_000))).toBe(true);
    const at = (ms: number) => ({ holder: 'server-2', leaseMs: 30_000, now: () => new Date(start + ms) });
    expect(await runExclusive(db, 'variants', async () => 'taken', at(29_000))).toEqual({ ran: false });
    expect(await runExclusive(db, 'variants', async () => 'taken', at(30_000))).toEqual({ ran: true, value: 'taken' });
  });

  it('renews the lease while a long job runs, so nobody else starts it', async () => {
    t = await startTestApp();
    const db = t.db;
    const long = runExclusive(db, 'purge', () => sleep(600).then(() => 'long'), { holder: 'server-1', leaseMs: 200 });
    await sleep(400);
    // Past the first 200 ms lease: still held, because it was renewed.
    expect(await runExclusive(db, 'purge', async () => 'second', { holder: 'server-2', leaseMs: 200 })).toEqual({ ran: false });
    expect(await long).toEqual({ ran: true, value: 'long' });
  });

  it("aborts the job's signal when the lease was taken by another server", async () => {
    t = await startTestApp();
    const db = t.db;
    const outcome = runExclusive(
      db,
      'encode',
      async (signal) => {
        // Another server takes the lease as if this one had stalled past its expiry.
        await db.updateTable('job_leases').set({ holder: 'server-2' }).where('name', '=', 'encode').execute();
        for (let i = 0; i < 50 && !signal.aborted; i++) await sleep(20);
        return signal.aborted;
      },
      { holder: 'server-1', leaseMs: 150 },
    );
    expect(await outcome).toEqual({ ran: true, value: true });
    // The release does not delete the new holder's lease.
    expect((await leaseOf(db, 'encode'))?.holder).toBe('server-2');
  });
});
