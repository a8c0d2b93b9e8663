import { primaryWing, type MonthPlan } from '@sthsm/content/pages/primary-wing';
import type { Route } from './+types/primary-wing';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/primary-wing';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, primaryWing.description, args);
}

export function loader() {
  return { schoolName: currentProfile().name };
}

function MonthTable({ id, heading, plans }: { id: string; heading: string; plans: MonthPlan[] }) {
  return (
    <section className="prose-section">
      <h2 id={id}>{heading}</h2>
      {/* The wrapper scrolls on its own at narrow widths: a focusable, named region, so keyboard users can scroll it (WCAG 2.1.1, axe scrollable-region-focusable). */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard */}
      <section className="table-wrap" tabIndex={0} aria-labelledby={id}>
        <table className="data-table info-table month-table" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Activity</th>
              <th scope="col">Sports</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan.month}>
                <th scope="row">{plan.month}</th>
                <td>{plan.activity}</td>
                <td>{plan.sports}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

export default function PrimaryWing() {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        {primaryWing.lead.map((text) => (
          <p key={text} className="lead">
            {text}
          </p>
        ))}
        <MonthTable
          id="calendar-kindergarten"
          heading={`Nursery – UKG: activities and sports ${primaryWing.session}`}
          plans={primaryWing.kindergarten}
        />
        <MonthTable
          id="calendar-juniors"
          heading={`Classes I – IV: activities and sports ${primaryWing.session}`}
          plans={primaryWing.juniors}
        />
      </div>
    </>
  );
}
