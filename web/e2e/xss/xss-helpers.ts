import type { Page } from '@playwright/test';

// Traps and checks shared by web/e2e/xss.spec.ts.

export interface Trap {
  /** Every trapped call: alert/prompt/confirm/print, __xss(), or a dialog that opened anyway. */
  hits: string[];
  /** CSP violations the page reported (what the policy blocked as a second line of defence). */
  blocked: string[];
}

/** Replaces alert/prompt/confirm/print and defines window.__xss before any page script runs. */
export async function installTrap(page: Page): Promise<Trap> {
  const trap: Trap = { hits: [], blocked: [] };
  await page.exposeFunction('xssReport', (what: string) => trap.hits.push(`${what} on ${page.url()}`));
  await page.exposeFunction('cspReport', (what: string) => trap.blocked.push(what));
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { xssReport: (s: string) => void; cspReport: (s: string) => void };
    for (const name of ['alert', 'prompt', 'confirm', 'print', '__xss']) {
      Object.defineProperty(window, name, {
        configurable: false,
        writable: false,
        value: (...args: unknown[]) => {
          w.xssReport(`${name}(${args.map(String).join(',')})`);
          return null;
        },
      });
    }
    document.addEventListener('securitypolicyviolation', (e) => w.cspReport(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`));
  });
  page.on('dialog', (d) => {
    trap.hits.push(`dialog ${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return trap;
}

/**
 * Hover, focus and click every element inside `selector` (synthetic events fire inline handlers
 * exactly as a person's would; navigation is prevented so the pass stays on the page). Returns
 * how many elements were touched.
 */
export async function interactWithAll(page: Page, selector = '#main'): Promise<number> {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel) ?? document.body;
    document.addEventListener('click', (e) => e.preventDefault(), true);
    document.addEventListener('submit', (e) => e.preventDefault(), true);
    const elements = [...root.querySelectorAll<HTMLElement>('*')];
    for (const el of elements) {
      for (const type of ['mouseover', 'mouseenter', 'mousemove', 'pointerover', 'mousedown', 'mouseup']) {
        el.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true }));
      }
      el.focus?.();
      el.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      el.click?.();
      el.dispatchEvent(new MouseEvent('dblclick', { bubbles: true, cancelable: true }));
    }
    return elements.length;
  }, selector);
}

/**
 * Markup that would be dangerous even without the CSP: event-handler attributes, script URLs,
 * scripts without this page's nonce, frames/objects/base/refresh from content. Returns descriptions.
 */
export async function dangerousMarkup(page: Page, nonce: string): Promise<string[]> {
  return page.evaluate((pageNonce) => {
    const found: string[] = [];
    /** The scheme the browser would really use for a URL attribute (its own parser, not a prefix match). */
    // oxlint-disable-next-line unicorn/consistent-function-scoping -- runs inside the page: it cannot live in the outer (Node) scope
    const scheme = (value: string) => {
      try {
        return new URL(value, location.href).protocol;
      } catch {
        return '';
      }
    };
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        const name = attr.name.toLowerCase();
        if (name.startsWith('on')) found.push(`<${el.localName} ${name}>`);
        if (name === 'srcdoc') found.push(`<${el.localName} srcdoc>`);
        if (['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'background'].includes(name)) {
          const protocol = scheme(attr.value);
          if (protocol === 'javascript:' || protocol === 'vbscript:' || (protocol === 'data:' && !/^\s*data:image\//i.test(attr.value))) {
            found.push(`<${el.localName} ${name}=${attr.value.slice(0, 40)}>`);
          }
        }
      }
      if (el instanceof HTMLScriptElement && el.type !== 'application/ld+json' && el.nonce !== pageNonce)
        found.push(`<script> without the nonce: ${el.outerHTML.slice(0, 60)}`);
    }
    const main = document.querySelector('#main');
    for (const el of main?.querySelectorAll('iframe, object, embed, frame, base, meta, svg script') ?? []) {
      found.push(`<${el.localName}> inside main`);
    }
    return found;
  }, nonce);
}

/** The nonce of a page response's CSP. */
export function nonceOf(csp: string | undefined): string {
  return /'nonce-([^']+)'/.exec(csp ?? '')?.[1] ?? '';
}

/**
 * Positive control: renders each vector UNSANITIZED as a whole document (the way an unescaping
 * site would write it into its HTML) with no CSP and the same traps, and counts the vectors that run.
 */
export async function unsanitizedExecutions(page: Page, vectors: string[]): Promise<number> {
  await page.route('**/*', (route) => route.abort());
  const trapScript =
    '<script>window.xssHits=0;for(const n of ["alert","prompt","confirm","print","__xss"])window[n]=function(){window.xssHits++};</script>';
  let executed = 0;
  for (const v of vectors) {
    await page
      .setContent(`<!doctype html><html><head>${trapScript}</head><body><div id="main">${v}</div></body></html>`, {
        waitUntil: 'domcontentloaded',
        timeout: 5_000,
      })
      .catch(() => {});
    await page.waitForTimeout(15);
    await interactWithAll(page).catch(() => 0);
    await page.waitForTimeout(15);
    const hits = await page.evaluate(() => (window as unknown as { xssHits?: number }).xssHits ?? 0).catch(() => 0);
    if (hits > 0) executed += 1;
  }
  return executed;
}
