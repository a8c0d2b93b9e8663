// Facts both sides of the HTTP boundary rely on. No zod here: the site's browser code may import
// this module without pulling in a schema library.

/**
 * The request header through which the server hands the site the CSP nonce of the response it is
 * rendering (api/src/site.ts sets it, web/app/entry.server.tsx reads it; a client's own is dropped).
 */
export const NONCE_HEADER = 'x-csp-nonce';

/**
 * The request header through which the server tells the site which school a request is for,
 * resolved from the host name (api/src/site.ts); a value the client sent is dropped.
 */
export const SCHOOL_HEADER = 'x-school-code';

/** A school code as the API accepts it in paths and SCHOOL_CODE: 1-32 letters, digits, _ or -. */
export const SCHOOL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * How long the site waits for one API answer before showing its placeholders instead. The page
 * cache reads it too: a render that took this long may have hit the time-out and is not stored.
 */
export const API_TIMEOUT_MS = 2_500;

/** Form posts get twice as long: the visitor is waiting for a verdict, not a list. */
export const FORM_POST_TIMEOUT_MS = 2 * API_TIMEOUT_MS;
