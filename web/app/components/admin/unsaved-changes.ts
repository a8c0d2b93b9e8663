import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a staff form with unsaved changes (STAFF.md: "leaving a page with unsaved
 * changes asks first"): another staff page is held with `message` until the person confirms;
 * closing or reloading the tab gets the browser's own question.
 */
export function useUnsavedChanges(dirty: boolean, message: string) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
