import { timings } from '@sthsm/content/pages/timings';
import { Link } from 'react-router';
import type { Route } from './+types/timings';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
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
        <section className="prose-section">
          <h2 id="class-timings">Class timings</h2>
          <div className="table-wrap">
            <table className="data-table info-table" aria-labelledby="class-timings">
              <thead>
                <tr>
                  <th scope="col">Classes</th>
                  <th scope="col">Summer</th>
                  <th scope="col">Winter</th>
                </tr>
              </thead>
              <tbody>
                {timings.classes.map((row) => (
                  <tr key={row.classes}>
                    <th scope="row">{row.classes}</th>
                    <td>{row.summer}</td>
                    <td>{row.winter}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="prose-section">
          <h2 id="visiting-hours">Visiting and office hours</h2>
          <div className="table-wrap">
            <table className="data-table info-table" aria-labelledby="visiting-hours">
              <thead>
                <tr>
                  <th scope="col">Who</th>
                  <th scope="col">Summer</th>
                  <th scope="col">Winter</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Principal visiting hours</th>
                  <td>{timings.principalVisiting.summer}</td>
                  <td>{timings.principalVisiting.winter}</td>
                </tr>
                <tr>
                  <th scope="row">School office</th>
                  <td colSpan={2}>{timings.office} (all year)</td>
                </tr>
              </tbody>
            </table>
          </div>
        </section>
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
