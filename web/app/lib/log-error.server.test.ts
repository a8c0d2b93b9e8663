import { afterEach, describe, expect, it, vi } from 'vitest';
import { data } from 'react-router';
import { logServerError } from './log-error.server';

// What React Router's handleError writes: one line without a stack for rejections anyone can
// cause; the whole error for real failures; nothing for a visitor who went away.

const request = (method = 'POST', url = 'http://127.0.0.1/about-us?q=private') =>
  new Request(url, { method, body: method === 'GET' ? undefined : 'a=b' });

/** React Router's own 405 for a POST to a route without an action, as its request handler makes it. */
async function routerError(status: number): Promise<unknown> {
  const { createStaticHandler } = await import('react-router');
  const handler = createStaticHandler([{ id: 'about', path: '/about-us', loader: () => data({}) }]);
  const context = await handler.query(request());
  if (context instanceof Response) throw new Error('unexpected response');
  const error = Object.values(context.errors ?? {})[0];
  expect((error as { status: number }).status).toBe(status);
  return error;
}

afterEach(() => vi.restoreAllMocks());

describe('logServerError', () => {
  it('a 405 (POST to a page without a form) is one warning line: status, method, path; no stack, no query', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    logServerError(await routerError(405), { request: request() });
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toBe('site: 405 Method Not Allowed for POST /about-us');
    expect(warn.mock.calls[0]).toHaveLength(1);
  });

  it("React Router's own cross-origin refusal is one warning line too", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    logServerError(
      new Error('The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.'),
      { request: request() },
    );
    expect(error).not.toHaveBeenCalled();
    expect(warn.mock.calls).toEqual([['site: cross-origin action refused for POST /about-us']]);
  });

  it('a real failure is logged with its stack', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new TypeError('cannot read x');
    logServerError(failure, { request: request('GET') });
    expect(error).toHaveBeenCalledWith(failure);
  });

  it('an aborted request logs nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const controller = new AbortController();
    controller.abort();
    logServerError(new Error('aborted'), { request: new Request('http://127.0.0.1/', { signal: controller.signal }) });
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
