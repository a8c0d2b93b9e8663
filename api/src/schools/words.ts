// What visitors read where no school answers (OPERATIONS.md; issue 31): the site's plain pages and the public API's 503.

/** OPERATIONS.md: a host name no school is served on (404). */
export const NO_SCHOOL_TEXT = 'No school is served at this address.';
/** A suspended school's public site and public API (503). */
export const SUSPENDED_TEXT = 'This school\u2019s website is temporarily unavailable. Please try again later.';
/** Retry-After of a suspended school's answers, in seconds. */
export const SUSPENDED_RETRY_AFTER_S = 3600;
