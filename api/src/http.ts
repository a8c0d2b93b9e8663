import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import { schoolExists } from './repositories/schools.ts';

/** What every route plugin receives. */
export interface Deps {
  db: Db;
  config: Config;
  /** The clock; tests pin it. */
  now: () => Date;
}

export function typed(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/** An error whose status and message are safe to show the client. */
export class HttpError extends Error {
  statusCode: number;
  constructor(statusCode: number, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}

export async function requireSchool(db: Db, code: string): Promise<void> {
  if (!(await schoolExists(db, code))) throw new HttpError(404, `Unknown school code "${code}".`);
}

/** The school's calendar day as a UTC-midnight Date (what the demo builder expects). */
export function schoolToday(timeZone: string, now = new Date()): Date {
  return new Date(`${todayIn(timeZone, now)}T00:00:00.000Z`);
}

/** Today in the school's time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
