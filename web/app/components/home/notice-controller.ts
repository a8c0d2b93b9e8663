// The notification modal's behaviour on its server-rendered markup (notification-modal.tsx), with
// no React (docs/decisions/0078). Opening by "Notices", closing by its button, Escape or the backdrop
// are the browser's own (`commandfor`, `closedby="any"` on a modal <dialog>), so they work before any
// script has run; this adds what needs one: opening once by itself per session, focus on the close
// button, and focus given back to where it was.

/** Set once the modal has opened by itself, so it does not reopen on each return to / this session. */
export const NOTIFICATIONS_SEEN_KEY = 'sthsm:notifications-seen';

function alreadySeen(): boolean {
  try {
    if (sessionStorage.getItem(NOTIFICATIONS_SEEN_KEY) === '1') return true;
    sessionStorage.setItem(NOTIFICATIONS_SEEN_KEY, '1');
  } catch {
    // Storage blocked (private mode, policy): show the notices, as the original site always did.
  }
  return false;
}

/** Gives the modal `dialog` its behaviour; returns what undoes it. */
export function mountNotices(dialog: HTMLDialogElement): () => void {
  const listeners = new AbortController();
  const signal = listeners.signal;
  const close = dialog.querySelector<HTMLButtonElement>('.notice-dialog__close');
  let returnTo: HTMLElement | null = null;
  const remember = () => {
    returnTo = document.activeElement instanceof HTMLElement && !dialog.contains(document.activeElement) ? document.activeElement : null;
  };
  // Before the dialog opens, whoever opened it (the Notices button, or the page itself) has the focus.
  dialog.addEventListener('beforetoggle', (event) => (event as ToggleEvent).newState === 'open' && remember(), { signal });
  dialog.addEventListener('toggle', (event) => (event as ToggleEvent).newState === 'open' && close?.focus(), { signal });
  dialog.addEventListener(
    'close',
    () => {
      const target = returnTo;
      returnTo = null;
      if (target?.isConnected && target !== document.body) target.focus();
    },
    { signal },
  );
  // A click whose target is the <dialog> itself landed on the backdrop (for browsers without `closedby`).
  dialog.addEventListener('click', (event) => event.target === dialog && dialog.close(), { signal });
  if (!dialog.open && !alreadySeen()) dialog.showModal();
  return () => listeners.abort();
}
