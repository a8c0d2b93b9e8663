import { Link } from 'react-router';
import { z } from '@sthsm/contract/zod';
import { DEFAULT_RETENTION_MONTHS } from '@sthsm/contract/submissions';
import type { Route } from './+types/privacy';
import { OfficeContacts } from '../components/office-contacts';
import { PageHeader } from '../components/page-header';
import { getParsed } from '../lib/api.server';
import { useRootData } from '../lib/root-data';
import { currentSchool } from '../lib/school.server';
import { NO_HYDRATION } from '../lib/hydration';

/** When this notice was last reviewed (update it with every change to what the site collects). */
const REVIEWED = '6 December 2026';

const privacyAnswer = z.object({ retentionMonths: z.number().int().positive() });

export async function loader({ request }: Route.LoaderArgs) {
  // The school's own retention period (set by its administrators); the default when the API has none.
  const answer = await getParsed(`/api/privacy/${encodeURIComponent(currentSchool(request))}`, privacyAnswer, { quietWhenMissing: true });
  return { retentionMonths: answer?.retentionMonths ?? DEFAULT_RETENTION_MONTHS };
}

function period(months: number): string {
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return months === 1 ? '1 month' : `${months} months`;
}

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

/** The privacy notice (issue 16), linked from the footer and the alumni form. */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const school = useRootData().school;
  const name = school?.name ?? 'The school';
  const kept = period(loaderData.retentionMonths);
  return (
    <>
      <PageHeader />
      <div className="container section prose">
        <p>
          This notice explains what personal data {name} collects through this website, why, how long it is kept and how you can ask to see
          it or have it erased, as the Digital Personal Data Protection Act, 2023 asks of us.
        </p>
        <h2>What we collect and why</h2>
        <h3>The alumni registration form</h3>
        <p>
          When you register on the <Link to="/alumni">Alumni</Link> page, we store what you enter: your name, e-mail address, mobile number,
          location and address; the batches and classes you studied in; your ward&rsquo;s name and class if you have a ward at the school;
          your college and degree; and your organisation, designation, office address and profession.
        </p>
        <p>
          We use these details only to keep in touch with you about alumni meetings, reunions of your batch and news from the campus. Only
          the school&rsquo;s administrators, and the operator who runs this website for the school, can read them. We do not sell them,
          share them with anyone else or use them for advertising.
        </p>
        <h3>News by e-mail or notification</h3>
        <p>
          When you <Link to="/subscribe">subscribe</Link> to the school&rsquo;s news, we store your e-mail address, or for notifications the
          address your browser gives us to send them to, with what you chose to hear about and when you agreed. Nothing else: no name and no
          record of what you read. We use it only to send you what you chose, and emergency alerts. An e-mail address not confirmed within
          48 hours is deleted; every e-mail we send has a link to change your choices or unsubscribe, which deletes your address at once,
          and turning notifications off on the Subscribe page deletes your browser&rsquo;s.
        </p>
        <h3>Pupils on the site</h3>
        <p>
          A pupil&rsquo;s birthday (first name and class), their name among the toppers with their result, and photos from school events
          that show them appear on this site only with the consent of a parent or guardian for that purpose, which the school records with
          the date it ends. The school notes which pupils a photo shows, so that the photo is shown only while that consent lasts; a
          pupil&rsquo;s full date of birth is never published. A parent or guardian can withdraw consent at any time through the school
          office: the birthday, result or photo leaves the site within a minute.
        </p>
        <h3>The visitor counter</h3>
        <p>
          To count visitors (the number in the footer), your browser keeps a small cookie from this site for 30 minutes, so that one visit
          is counted once. It holds no personal data, is not used to follow you across pages or sites, and is deleted by your browser when
          it expires. The site uses no advertising or analytics cookies.
        </p>
        <h2>How long we keep it</h2>
        <p>
          Alumni registrations are kept for <strong>{kept}</strong> after they are sent and are then erased automatically. Erased
          registrations are also kept out of any later restore of our backups.
        </p>
        <p>
          Erasing a registration, at the end of this period or when you ask, deletes it from our database and overwrites it there at once,
          so that it cannot be read back from the database&rsquo;s files. If a backup of the database is being made at that moment, the
          overwrite is repeated in the hour after it ends. Copies made before the erasure last a while longer: in the database&rsquo;s
          recovery log until it is overwritten by later changes, and in our backups until those are deleted in turn, normally within a week.
          They are used only to repair the database, and a repair erases the registration again.
        </p>
        <p>
          The website&rsquo;s logs record which pages are requested, never what you typed into a form, your e-mail address or your mobile
          number.
        </p>
        <h2>How to see your data or have it erased</h2>
        <p>
          You can ask for a copy of everything we hold about your e-mail address or mobile number, ask us to correct it, or ask us to erase
          it at any time, without giving a reason. Write to us or call the school office, giving the e-mail address or mobile number you
          used, and we will reply as soon as we can.
        </p>
        <OfficeContacts subject="Personal data request" />
        <p>This notice was last reviewed on {REVIEWED}.</p>
      </div>
    </>
  );
}
