import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';
import { NONCE_HEADER } from '@sthsm/contract/http';
import { enhanceScript } from './lib/enhance.server';
import { ShellScriptContext, type ShellAssets } from './lib/hydration';
import { islandUrls } from './lib/islands.server';
import { NonceContext } from './lib/nonce';
import { lowPriorityModulePreloads } from './lib/preload-priority.server';

// Expected rejections log one line, real failures their stack (lib/log-error.server.ts).
export { logServerError as handleError } from './lib/log-error.server';

// React Router's default Node entry, plus the CSP nonce (docs/decisions: security headers):
// every inline script React Router or React writes carries the nonce of this response.

export const streamTimeout = 5_000;

/** A nonce is a plain base64 token; anything else in the header is ignored. */
function nonceOf(request: Request): string {
  const value = request.headers.get(NONCE_HEADER) ?? '';
  return /^[A-Za-z0-9+/_-]{16,64}={0,2}$/.test(value) ? value : '';
}

const shellAssets: ShellAssets = { script: enhanceScript, islands: islandUrls };

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = nonceOf(request);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ShellScriptContext.Provider value={shellAssets}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
        </ShellScriptContext.Provider>
      </NonceContext.Provider>,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // Module preloads after the CSS and LCP image (lib/preload-priority.server.ts).
          pipe(lowPriorityModulePreloads()).pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
