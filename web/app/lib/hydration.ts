import { createContext, useContext } from 'react';
import { useMatches } from 'react-router';

// Pages that need no React in the browser (docs/decisions/0074): their route module exports
// `handle = NO_HYDRATION`, and the root then renders neither the hydration scripts nor their module
// preloads, only the small progressive-enhancement script of the shell (lib/enhance.server.ts).

/** What a route's `handle` says about hydration. */
export interface HydrationHandle {
  hydrate?: boolean;
  /** On a page without React, the one island module it loads (app/islands/<name>.ts, decision 0076). */
  island?: string;
}

/** The `handle` of a page whose only behaviours are the shell's (menu, announcements, visitor count). */
export const NO_HYDRATION: HydrationHandle = { hydrate: false };

/**
 * Whether the page being rendered loads React, and which island a page without it loads: every page
 * loads React unless its own (deepest) route opts out. In the browser React runs only on a page that
 * was hydrated, so a client-side move to a page that opts out keeps the scripts already there.
 */
export function useHydration(): { hydrates: boolean; island: string | undefined } {
  const handle = useMatches().at(-1)?.handle as HydrationHandle | undefined;
  const hydrates = typeof document !== 'undefined' || handle?.hydrate !== false;
  return { hydrates, island: hydrates ? undefined : handle?.island };
}

/** What entry.server.tsx hands in for pages without React; empty in the browser. */
export interface ShellAssets {
  /** The shell's inline script (lib/enhance.server.ts), kept out of the browser bundles. */
  script: string;
  /** Each island's built module URL (lib/islands.server.ts). */
  islands: Readonly<Record<string, string>>;
}

export const ShellScriptContext = createContext<ShellAssets>({ script: '', islands: {} });

export function useShellAssets(): ShellAssets {
  return useContext(ShellScriptContext);
}
