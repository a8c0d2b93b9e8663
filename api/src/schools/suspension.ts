import type { FastifyReply } from 'fastify';
import type { ContentWatch } from '../content/watch.ts';
import type { Db } from '../db/index.ts';
import { isSchoolSuspended } from '../repositories/schools.ts';
import { SUSPENDED_RETRY_AFTER_S, SUSPENDED_TEXT } from './words.ts';

/** Past this many schools held, the table starts again (a flood of made-up codes cannot grow it without end). */
const MOST_HELD = 10_000;

/**
 * Whether a school is suspended (issue 31), as every public page and public API request asks: held
 * per school with the content counter it was read under, and read from the database again only
 * when that counter has moved. A suspension and its lifting move the counter in the same
 * transaction (schools/manage.ts), so every server sees either within the watch's interval (a
 * second; at once in the process that wrote), and a request costs a Map read otherwise. Without a
 * watch (tests that build the API alone) every ask reads the database.
 */
export function createSuspensionCheck(db: Db, watch?: ContentWatch): (code: string) => Promise<boolean> {
  if (!watch) return (code) => isSchoolSuspended(db, code);
  const held = new Map<string, { stamp: number; suspended: boolean }>();
  return async (code) => {
    const stamp = await watch.stamp(code);
    const known = held.get(code);
    if (known?.stamp === stamp) return known.suspended;
    // Read after the counter: a change committed in between is read now and held under the older
    // counter, which the next ask finds moved, so nothing stale is ever kept.
    const suspended = await isSchoolSuspended(db, code);
    if (held.size >= MOST_HELD) held.clear();
    held.set(code, { stamp, suspended });
    return suspended;
  };
}

/** A suspended school's public API answer: 503, never stored, with when to try again. */
export function answerSuspended(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(SUSPENDED_RETRY_AFTER_S))
    .header('cache-control', 'no-store')
    .send({ error: SUSPENDED_TEXT });
}
