import { Link } from 'react-router';
import { pageTitle } from '../../lib/staff/admin-pages';
import type { DashboardData } from '../../lib/staff/dashboard';

// "Before you go live" on the dashboard (docs/decisions/0135): each line of GET …/dashboard's
// `goLive`, done or to do, with where it is fixed: a part of School settings, an information page's
// form, or (for what only the server's operator can set) what to ask them for.

type Line = NonNullable<DashboardData['goLive']>['items'][number];

/** What each line asks for, and where it is fixed (a link in the staff area, or whom to ask). */
const LINES: Record<Line['key'], { label: string; fix: { to: string; text: string } | { ask: string } }> = {
  name: { label: 'The school’s name', fix: { to: '/admin/settings#identity', text: 'Name and identity' } },
  crest: { label: 'The crest or logo', fix: { to: '/admin/settings#brand', text: 'School settings: crest and colours' } },
  colours: { label: 'The school’s colours', fix: { to: '/admin/settings#brand', text: 'School settings: crest and colours' } },
  contact: { label: 'Address, phone number and e-mail', fix: { to: '/admin/settings#contact', text: 'Phone numbers and e-mail' } },
  principal: { label: 'The principal', fix: { to: '/admin/settings#principal', text: 'Principal' } },
  affiliation: { label: 'Board and affiliation', fix: { to: '/admin/settings#facts', text: 'School information' } },
  pages: { label: 'Every information page written and published', fix: { to: '/admin/pages', text: 'Information pages' } },
  privacy: {
    label: 'A data protection contact (the person the privacy notice names)',
    fix: { to: '/admin/settings#privacy', text: 'Data protection contact' },
  },
  host: { label: 'At least one web address the site is served on', fix: { to: '/admin/schools', text: 'Schools and web addresses' } },
  email: {
    label: 'E-mail sending (invitations, password resets)',
    fix: { ask: 'Ask whoever runs the server to set SMTP_URL.' },
  },
  backups: {
    label: 'Backups kept on another disk than the site’s data',
    fix: { ask: 'Ask whoever runs the server to set BACKUP_DIR to a folder on another disk.' },
  },
};

function Fix({ line, operator }: { line: Line; operator: boolean }) {
  const { fix } = LINES[line.key];
  if ('ask' in fix) return <>{fix.ask}</>;
  // Web addresses are the platform operator's (npm run school -- host add); others ask them.
  if (line.key === 'host' && !operator) return <>Ask the platform operator to add the school&rsquo;s web address.</>;
  return <Link to={fix.to}>{fix.text}</Link>;
}

export function GoLiveChecklist({ goLive, operator }: { goLive: NonNullable<DashboardData['goLive']>; operator: boolean }) {
  const left = goLive.items.filter((i) => !i.done).length;
  return (
    <section className="admin-work admin-go-live" aria-labelledby="go-live">
      <h2 id="go-live">Before you go live</h2>
      <p>
        {left === 1 ? 'One thing is' : `${left} things are`} left before the website is ready for parents. This list goes away when all is
        done.
      </p>
      <ul className="admin-work-list">
        {goLive.items.map((line) => (
          <li key={line.key} className="admin-work-item">
            <p className="admin-work-title">
              <strong>{line.done ? 'Done' : 'To do'}:</strong> {LINES[line.key].label}
            </p>
            {line.done ? null : (
              <p className="admin-work-facts">
                <Fix line={line} operator={operator} />
              </p>
            )}
            {line.pages?.length ? (
              <ul className="admin-go-live-pages">
                {line.pages.map((slug) => (
                  <li key={slug}>
                    <Link to={`/admin/pages/${encodeURIComponent(slug)}`}>{`Write ${pageTitle(slug)}`}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
