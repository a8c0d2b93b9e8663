import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/** False in the server HTML and until hydration, true once the page's script runs (controls that need it appear then). */
export function useStarted(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
