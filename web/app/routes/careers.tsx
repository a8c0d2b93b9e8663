import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { telOf } from '../lib/phone';
import { useRootData } from '../lib/root-data';
import { NO_HYDRATION } from '../lib/hydration';

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

/** The footer's "Careers" link (docs/decisions/0013): how to apply, from the school profile. */
export default function Careers() {
  const school = useRootData().school;
  const email = school?.emails?.office ?? school?.email ?? '';
  const subject = encodeURIComponent('Application for the post of ');
  return (
    <>
      <PageHeader />
      <div className="container section prose">
        <p>
          {school?.name ?? 'The school'} welcomes teachers and staff who share its care for every child. Vacancies for teaching posts
          (pre-primary to Class XII), laboratory, library and office staff are announced in the Announcements strip at the top of every page
          and on the <Link to="/news">News</Link> page.
        </p>
        <h2>How to apply</h2>
        <ol>
          <li>
            {email ? (
              <>
                Write to <a href={`mailto:${email}?subject=${subject}`}>{email}</a>
              </>
            ) : (
              <>
                Write to the school office (<Link to="/contactUs">contact details</Link>)
              </>
            )}{' '}
            with the post you are applying for in the subject line.
          </li>
          <li>Attach your CV as a PDF, with your qualifications, teaching or work experience and two references.</li>
          <li>Attach scanned copies of your mark sheets and degree certificates (and B.Ed. or equivalent for teaching posts).</li>
          <li>Add a short covering letter: the classes and subjects you can teach, and when you could join.</li>
        </ol>
        <p>
          Shortlisted candidates are called for an interview and, for teaching posts, a demonstration lesson. We write to every applicant
          who is shortlisted; applications are kept on file for one academic session.
        </p>
        <h2>Please note</h2>
        <p>
          The school never asks for money at any stage of recruitment and does not use agents. If anyone asks you for a fee in the school's
          name, please tell the office
          {school?.phones?.[0] ? (
            <>
              {' '}
              on <a href={`tel:${telOf(school.phones[0].number)}`}>{school.phones[0].number}</a>
            </>
          ) : null}
          .
        </p>
        <p>
          <Link to="/contactUs">Contact details and directions</Link>
        </p>
      </div>
    </>
  );
}
