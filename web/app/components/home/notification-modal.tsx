import { useCallback, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../lib/images';
import { internalPath } from '../../lib/links';
import { useRootData } from '../../lib/root-data';
import { ApiImage } from '../api-image';
import type { HomeNotification } from './data';

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

/**
 * The pop-up notification modal (SPEC §2, §4): a native modal <dialog>, so focus moves in and the
 * page behind is inert. It opens once by itself when there is at least one notification, closes by
 * its button, Escape or a click on the backdrop, and gives focus back to where it was. The
 * "Notices" button reopens it.
 */
export function NotificationModal({ items }: { items: HomeNotification[] }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const { siteUrl } = useRootData();

  const open = useCallback(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    closeRef.current?.focus();
  }, []);

  useEffect(() => {
    if (items.length > 0 && !alreadySeen()) open();
  }, [items.length, open]);

  if (items.length === 0) return null;

  const onClose = () => {
    const target = returnTo.current;
    returnTo.current = null;
    if (target?.isConnected && target !== document.body) target.focus();
  };

  return (
    <>
      <button type="button" className="notice-button" onClick={open}>
        Notices <span className="notice-button__count">{items.length}</span>
      </button>
      {/* oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- backdrop click; Escape is native to <dialog> */}
      <dialog
        ref={dialogRef}
        className="notice-dialog"
        aria-labelledby={titleId}
        onClose={onClose}
        // A click whose target is the <dialog> itself landed on the backdrop (the body fills the box).
        onClick={(event) => {
          if (event.target === event.currentTarget) event.currentTarget.close();
        }}
      >
        <div className="notice-dialog__body">
          <div className="notice-dialog__head">
            <h2 id={titleId}>Notifications</h2>
            <button
              type="button"
              ref={closeRef}
              className="notice-dialog__close"
              aria-label="Close notifications"
              onClick={() => dialogRef.current?.close()}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          {items.map((n) => (
            <article key={n.id} className="notice">
              {n.title ? <h3>{n.title}</h3> : null}
              {n.image ? (
                <ApiImage
                  src={n.image}
                  width={640}
                  height={400}
                  maxWidth={640}
                  sizes="(min-width: 44rem) 12rem, 36vw"
                  alt={n.title ? `Notice: ${n.title}` : 'Notice'}
                />
              ) : null}
              {n.description ? <p>{n.description}</p> : null}
              {n.attachment || n.url ? (
                <p className="notice__links">
                  {n.attachment ? (
                    <a href={imageUrl(n.attachment)} target="_blank" rel="noopener">
                      View attachment<span className="visually-hidden"> for {n.title || 'this notice'} (opens in a new tab)</span>
                    </a>
                  ) : null}
                  {n.url ? <MoreDetails url={n.url} path={internalPath(n.url, siteUrl)} title={n.title} /> : null}
                </p>
              ) : null}
            </article>
          ))}
        </div>
      </dialog>
    </>
  );
}

/** A page of this site opens in the same tab (the dialog closes as the page changes); another site in a new tab. */
function MoreDetails({ url, path, title }: { url: string; path: string | null; title: string }) {
  const about = <span className="visually-hidden"> about {title || 'this notice'}</span>;
  if (path) {
    return <Link to={path}>More details{about}</Link>;
  }
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      More details{about}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
