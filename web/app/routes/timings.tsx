import { timings } from '@sthsm/content/pages/timings';
import { Link } from 'react-router';
import type { Route } from './+types/timings';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { RowTable } from '../components/pages/RowTable';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/timings';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, timings.description, args);
}

export function loader() {
  return { schoolName: currentProfile().name };
}

export default function Timings() {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page printable">
        <p className="lead">{timings.lead}</p>
        <RowTable
          id="class-timings"
          heading="Class timings"
          columns={['Classes', 'Summer', 'Winter']}
          rows={timings.classes.map((row) => ({ header: row.classes, cells: [row.summer, row.winter] }))}
        />
        <RowTable
          id="visiting-hours"
          heading="Visiting and office hours"
          columns={['Who', 'Summer', 'Winter']}
          rows={[
            { header: 'Principal visiting hours', cells: [timings.principalVisiting.summer, timings.principalVisiting.winter] },
            { header: 'School office', cells: [`${timings.office} (all year)`] },
          ]}
        />
        <section className="prose-section">
          <h2>Good to know</h2>
          <ul>
            <li>
              The school has {timings.houses === 4 ? 'four' : timings.houses} houses; see{' '}
              <Link to="/house">School Houses</Link>.
            </li>
            {timings.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </section>
        <p className="no-print">
          <button type="button" className="btn" onClick={() => window.print()}>
            Print timings
          </button>
        </p>
      </div>
    </>
  );
}
