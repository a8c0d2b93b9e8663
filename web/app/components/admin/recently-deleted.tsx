import { Form, Link } from 'react-router';
import { FormMessage } from './fields';
import { useFocusOnShow } from './item-actions';
import { staffTime } from '../../lib/staff/admin-time';

// A content list's deleted items (decision 0123): the message after a delete with Undo, the one
// after bringing an item back, and the Recently deleted section, kept 30 days. Plain form posts.

export interface TrashEntry {
  id: string;
  title: string;
  status: 'draft' | 'review' | 'published';
  deletedAt: string;
  deletedByEmail: string | null;
  keptUntil: string;
}

const WAS: Record<TrashEntry['status'], string> = { draft: 'a draft', review: 'in review', published: 'published' };

function RestoreForm({ id, label, csrf, text }: { id: string; label: string; csrf: React.ReactNode; text: string }) {
  return (
    <Form method="post" className="admin-button-row">
      {csrf}
      <input type="hidden" name="id" value={id} />
      <button className="btn btn--outline" type="submit" aria-label={label}>
        {text}
      </button>
    </Form>
  );
}

function Focused({ children, ok = true }: { children: React.ReactNode; ok?: boolean }) {
  const ref = useFocusOnShow<HTMLDivElement>();
  return (
    <div ref={ref} tabIndex={-1} className={`admin-alert ${ok ? 'admin-alert--ok' : 'admin-alert--error'} admin-trash-message`}>
      {children}
    </div>
  );
}

/** "Deleted “…”." with Undo, or "“…” is back.", in view and focused; a refused restore's message. */
export function TrashMessage({
  here,
  justDeleted,
  restored,
  error,
  csrf,
}: {
  here: string;
  justDeleted: TrashEntry | null;
  restored: { id: string; title: string; live: boolean } | null;
  error: string | null;
  csrf: React.ReactNode;
}) {
  if (error) return <FormMessage error={error} />;
  if (restored)
    return (
      <Focused key={`r-${restored.id}`}>
        <p>
          “{restored.title}” is back{restored.live ? ' on the website' : ''}.{' '}
          <Link to={`${here}/${encodeURIComponent(restored.id)}`}>Open it</Link>
        </p>
      </Focused>
    );
  if (justDeleted)
    return (
      <Focused key={`d-${justDeleted.id}`}>
        <p>Deleted “{justDeleted.title}”.</p>
        <p className="admin-trash-note">It stays under Recently deleted below for 30 days.</p>
        <RestoreForm id={justDeleted.id} label={`Undo: bring back “${justDeleted.title}”`} csrf={csrf} text="Undo" />
      </Focused>
    );
  return null;
}

/** The list's Recently deleted section: what can be brought back, until when. */
export function RecentlyDeleted({
  entries,
  heading,
  timeZone,
  csrf,
}: {
  entries: readonly TrashEntry[];
  heading: string;
  timeZone: string;
  csrf: React.ReactNode;
}) {
  return (
    <section aria-labelledby="recently-deleted" className="admin-trash">
      <h2 id="recently-deleted">Recently deleted</h2>
      <p>
        Deleted {heading.toLowerCase()} stay here for 30 days; Restore brings one back as it was (a published one goes back on the website).
        After 30 days they are gone for good.
      </p>
      {entries.length === 0 ? (
        <p>Nothing deleted in the last 30 days.</p>
      ) : (
        <ul className="admin-trash-list">
          {entries.map((e) => (
            <li key={e.id}>
              <p>
                <strong>{e.title}</strong> — was {WAS[e.status]}; deleted {staffTime(e.deletedAt, timeZone)}
                {e.deletedByEmail ? ` by ${e.deletedByEmail}` : ''}; kept until {staffTime(e.keptUntil, timeZone)} ({timeZone}).
              </p>
              <RestoreForm id={e.id} label={`Restore “${e.title}”`} csrf={csrf} text="Restore" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
