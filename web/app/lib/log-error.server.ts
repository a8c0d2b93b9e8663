import { isRouteErrorResponse } from 'react-router';

/** React Router's messages for an action refused by its own cross-origin check. */
const CROSS_ORIGIN = /`origin` header/;

/**
 * React Router's `handleError` (exported by entry.server.tsx). Expected rejections, such as a POST
 * to a page without a form (405), an unknown route, or an action refused as cross-origin, are one
 * warning line without a stack: anyone can send them, so a stack each would flood the log. Real
 * failures keep their stack. A visitor who went away (aborted request) is not an error at all.
 */
export function logServerError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  const where = `${request.method} ${new URL(request.url).pathname}`;
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.warn(`site: ${error.status} ${error.statusText} for ${where}`);
    return;
  }
  if (error instanceof Error && CROSS_ORIGIN.test(error.message)) {
    console.warn(`site: cross-origin action refused for ${where}`);
    return;
  }
  console.error(error);
}
