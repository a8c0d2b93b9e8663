// Errors that mean "the database cannot be reached right now", as opposed to a bug in a query.
// The API answers them with 503 and a clear message; the next request tries again by itself
// (node:sqlite retries the same handle, the pg pool replaces broken connections).

/** SQLite primary result codes: BUSY, LOCKED, IOERR, CANTOPEN, PROTOCOL (the low byte of an extended code). */
const SQLITE_UNAVAILABLE = new Set([5, 6, 10, 14, 15]);
/** Network errors from the pg driver. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL SQLSTATEs: connection exceptions (class 08), shutdown/terminated (57P01-57P03), too many connections. */
const PG_UNAVAILABLE = /^(08...|57P0[1-3]|53300)$/;
const PG_CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i;

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is temporarily unavailable. Please try again in a moment.';

export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (e.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number') return SQLITE_UNAVAILABLE.has(e.errcode & 0xff);
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || PG_UNAVAILABLE.test(e.code))) return true;
  if (typeof e.message === 'string' && PG_CLIENT_MESSAGES.test(e.message)) return true;
  // Node wraps failed connection attempts to several addresses in an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  return e.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause);
}
