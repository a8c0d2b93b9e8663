import { useState, useSyncExternalStore } from 'react';
import { staffTime, zoneLabel } from '../../lib/staff/admin-time';

const noChanges = () => () => {};

/**
 * A single-use link for the admin to pass on (STAFF.md: always shown, many schools use WhatsApp):
 * a read-only field to select, and with JavaScript a copy button.
 */
export function LinkBox({
  url,
  emailed,
  who,
  expiresAt,
  timeZone,
}: {
  url: string;
  emailed: boolean;
  who: string;
  expiresAt: string | null;
  timeZone: string;
}) {
  const [copied, setCopied] = useState(false);
  // The copy button needs script and the Clipboard API; without them the field alone is shown.
  const canCopy = useSyncExternalStore(
    noChanges,
    () => Boolean(navigator.clipboard),
    () => false,
  );
  return (
    <div className="admin-linkbox">
      <label htmlFor="one-time-link">One-time link for {who}</label>
      <input id="one-time-link" type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      <p className="field-hint">
        {emailed ? 'It was also e-mailed to them. ' : 'It was not e-mailed: send it yourself. '}
        It works once{expiresAt ? `, until ${staffTime(expiresAt, timeZone)} ${zoneLabel(timeZone)}` : ''}.
      </p>
      {canCopy ? (
        <button
          type="button"
          className="btn btn--outline"
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy link
        </button>
      ) : null}
      <output className="admin-copied">{copied ? 'Copied.' : ''}</output>
    </div>
  );
}
