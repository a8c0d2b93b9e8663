import { createContext, useContext } from 'react';
import { useMatches } from 'react-router';

// Pages that need no React in the browser (docs/decisions/0074): their route module exports
// `handle = NO_HYDRATION`, and the root then renders neither the hydration scripts nor their module
// preloads, only the small progressive-enhancement script of the shell (lib/enhance.server.ts).

/** What a route's `handle` says about hydration. */
export interface HydrationHandle {
  hydrate?: boolean;
}

/** The `handle` of a page whose only behaviours are the shell's (menu, announcements, visitor count). */
export const NO_HYDRATION: HydrationHandle = { hydrate: false };

/**
 * Whether the page being rendered loads React: every page does unless its own (deepest) route opts
 * out. In the browser React runs only on a page that was hydrated, so a client-side move to a page
 * that opts out keeps the scripts already there.
 */
export function useHydrates(): boolean {
  const handle = useMatches().at(-1)?.handle as HydrationHandle | undefined;
  return typeof document !== 'undefined' || handle?.hydrate !== false;
}

/**
 * The shell's script (lib/enhance.server.ts), handed in by entry.server.tsx so that its text stays
 * out of the browser bundles of the pages that do hydrate; '' in the browser.
 */
export const ShellScriptContext = createContext('');

export function useShellScript(): string {
  return useContext(ShellScriptContext);
}
