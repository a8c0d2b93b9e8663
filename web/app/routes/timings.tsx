import { Link } from 'react-router';
import type { Route } from './+types/timings';
import { InfoPage } from '../components/pages/info-page';
import { RowTable } from '../components/pages/row-table';
import { infoPageLoader } from '../lib/pages.server';
import { pageMeta } from '../lib/seo';
import '../styles/pages.css';
import { NO_HYDRATION } from '../lib/hydration';

export const meta = pageMeta;

/** No React in the browser (docs/decisions/0075): the tables' scroll hints are the shell script's (lib/enhance.server.ts). */
export const handle = NO_HYDRATION;

export const loader = infoPageLoader('timings');

const HOUSE_COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

export default function Timings({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage content={loaderData.page} printable>
      {(page) => (
        <>
          <p className="lead">{page.lead}</p>
          <RowTable
            id="class-timings"
            heading="Class timings"
            columns={['Classes', 'Summer', 'Winter']}
            rows={page.classes.map((row) => ({ header: row.classes, cells: [row.summer, row.winter] }))}
          />
          <RowTable
            id="visiting-hours"
            heading="Visiting and office hours"
            columns={['Who', 'Summer', 'Winter']}
            rows={[
              { header: 'Principal visiting hours', cells: [page.principalVisiting.summer, page.principalVisiting.winter] },
              { header: 'School office', cells: [`${page.office} (all year)`] },
            ]}
          />
          <section className="prose-section">
            <h2>Good to know</h2>
            <ul>
              {page.houses > 0 ? (
                <li>
                  The school has {HOUSE_COUNT_WORDS[page.houses] ?? page.houses} houses; see <Link to="/house">School Houses</Link>.
                </li>
              ) : null}
              {page.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </section>
          <p className="no-print">
            <button type="button" className="btn" onClick={() => window.print()}>
              Print timings
            </button>
          </p>
        </>
      )}
    </InfoPage>
  );
}
