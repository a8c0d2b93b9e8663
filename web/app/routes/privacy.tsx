import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from '@sthsm/contract/zod';
import { DEFAULT_RETENTION_MONTHS } from '@sthsm/contract/submissions';
import type { Route } from './+types/privacy';
import { OfficeContacts } from '../components/office-contacts';
import { telOf } from '../lib/phone';
import { PageHeader } from '../components/page-header';
import { getParsed } from '../lib/api.server';
import { useRootData } from '../lib/root-data';
import { currentSchool } from '../lib/school.server';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/privacy.css';

/** When this notice was last reviewed (update it with every change to what the site collects). */
const REVIEWED = '28 November 2026';

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

/** One kind of personal data: what is stored, why, for how long, and how to stop it. */
function Item({ title, what, why, kept, stop }: { title: string; what: ReactNode; why: ReactNode; kept: ReactNode; stop: ReactNode }) {
  return (
    <section className="privacy-item" aria-label={title}>
      <h3>{title}</h3>
      <dl>
        <dt>What we store</dt>
        <dd>{what}</dd>
        <dt>Why</dt>
        <dd>{why}</dd>
        <dt>How long</dt>
        <dd>{kept}</dd>
        <dt>How to stop it</dt>
        <dd>{stop}</dd>
      </dl>
    </section>
  );
}

/** Who answers questions about personal data (School settings: Data protection contact), else the office. */
function PrivacyContact() {
  const contact = useRootData().school?.privacyContact;
  if (!contact) return <OfficeContacts subject="Personal data request" />;
  return (
    <ul>
      <li>{contact.name}</li>
      <li>
        E-mail: <a href={`mailto:${contact.email}?subject=${encodeURIComponent('Personal data request')}`}>{contact.email}</a>
      </li>
      {contact.phone ? (
        <li>
          Telephone: <a href={`tel:${telOf(contact.phone)}`}>{contact.phone}</a> (school office hours)
        </li>
      ) : null}
    </ul>
  );
}

/**
 * The privacy notice (issues 16 and 37), linked from the footer and every form that collects
 * personal data. What DPDP Rules 2025 r.3 asks of a notice: each item of personal data and what
 * it is for, how to withdraw consent, how to exercise one's rights and how to complain to the
 * Data Protection Board; r.9: who answers questions about it.
 */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const school = useRootData().school;
  const name = school?.name ?? 'The school';
  const kept = period(loaderData.retentionMonths);
  return (
    <>
      <PageHeader />
      <div className="container section prose">
        <p>
          This notice explains what personal data {name} collects through this website, why, how long it is kept, how you can withdraw your
          consent, and how you can ask to see your data, correct it or have it erased, as the Digital Personal Data Protection Act, 2023
          asks of us. {name} decides what is done with this data; the company that runs the website for the school handles it only on the
          school&rsquo;s behalf.
        </p>
        <h2>Who to ask</h2>
        <p>Questions about your personal data, and requests about it, go to the school&rsquo;s data protection contact:</p>
        <PrivacyContact />

        <h2>What we collect and why</h2>
        <Item
          title="The alumni registration form"
          what={
            <>
              What you enter on the <Link to="/alumni">Alumni</Link> page: your name, e-mail address, mobile number, location and address;
              the batches and classes you studied in; your ward&rsquo;s name and class if you have a ward at the school; your college and
              degree; your organisation, designation, office address and profession.
            </>
          }
          why="To keep in touch with you about alumni meetings, reunions of your batch and news from the campus. Only the school’s administrators can read it; it is never sold, shared or used for advertising."
          kept={
            <>
              Alumni registrations are kept for <strong>{kept}</strong> after they are sent and are then erased automatically.
            </>
          }
          stop="Ask us to erase it (below), at any time and without giving a reason."
        />
        <Item
          title="News by e-mail or notification"
          what={
            <>
              When you <Link to="/subscribe">subscribe</Link>: your e-mail address, or for notifications the address your browser gives us
              to send them to, with what you chose to hear about and when you agreed. No name and no record of what you read.
            </>
          }
          why="To send you what you chose, and emergency alerts."
          kept="Until you unsubscribe. An e-mail address not confirmed within 48 hours is deleted."
          stop="Every e-mail has a link to change your choices or unsubscribe, which deletes your address at once; turning notifications off on the Subscribe page deletes your browser’s."
        />
        <Item
          title="Pupils on the site"
          what="A pupil’s first name and class on their birthday, their name among the toppers with their result, and photos from school events that show them. A pupil’s full date of birth is never published."
          why="To celebrate pupils and share school life with families — only with the consent of a parent or guardian for each of these purposes, which the school records with the date it ends. The school notes which pupils a photo shows, so that the photo is shown only while that consent lasts."
          kept="While the consent lasts: until its end date or until it is withdrawn, whichever comes first."
          stop={
            <>
              A parent or guardian can withdraw consent at any time, for one purpose or all: through the link in the school&rsquo;s e-mail
              asking for their consent, or through the school office. The birthday, result or photo leaves the site within a minute.
            </>
          }
        />
        <Item
          title="Parents’ and guardians’ consent"
          what="For each pupil the site may show: the purposes agreed to, from when and until when, and how it was given — in person at the school (with the staff member who recorded it) or confirmed by the parent or guardian through a link e-mailed to them (with that e-mail address and the time they confirmed)."
          why="So the school can show that a parent or guardian agreed before anything about a pupil appears on the site, as the law requires for children."
          kept="While the pupil is in the school’s register of consent."
          stop="Withdraw the consent (above), or ask us to erase the record."
        />
        <Item
          title="Requests about your data"
          what="When you ask to see, correct or erase your data: your name, e-mail address, mobile number if you give it, and what you asked for."
          why="To answer your request and to show, if asked, that we did."
          kept="12 months after we answer it; a request you do not confirm by e-mail is deleted after 48 hours."
          stop="Ask us to erase it once it has been answered."
        />
        <Item
          title="The visitor counter"
          what="A small cookie your browser keeps for 30 minutes, so that one visit is counted once (the number in the footer). It holds no personal data and is not used to follow you across pages or sites."
          why="To count visitors. The site uses no advertising or analytics cookies."
          kept="30 minutes; your browser deletes it then."
          stop="Block cookies from this site in your browser: the site works the same without it."
        />

        <h2>How we keep it safe</h2>
        <p>
          Only the school staff whose work needs it can open personal data, each with their own account. Every time someone lists, opens or
          exports alumni registrations or the register of consent, the website records who did it and when — but not the data itself — and
          keeps that record for one year. If personal data is ever exposed, we tell the people affected and the Data Protection Board of
          India without delay, as the law requires.
        </p>
        <p>
          Erasing a registration, at the end of its period or when you ask, deletes it from our database and overwrites it there at once, so
          that it cannot be read back from the database&rsquo;s files. If a backup of the database is being made at that moment, the
          overwrite is repeated in the hour after it ends. Copies made before the erasure last a while longer: in the database&rsquo;s
          recovery log until it is overwritten by later changes, and in our backups until those are deleted in turn, normally within a week.
          They are used only to repair the database, and a repair erases the registration again.
        </p>
        <p>
          The website&rsquo;s logs record which pages are requested, never what you typed into a form, your e-mail address or your mobile
          number.
        </p>

        <h2>Your rights</h2>
        <p>You can, at any time and without giving a reason:</p>
        <ul>
          <li>ask for a summary of the personal data we hold about you and what we do with it;</li>
          <li>ask us to correct, complete or update it;</li>
          <li>ask us to erase it;</li>
          <li>withdraw a consent you gave (as above) — as easily as you gave it;</li>
          <li>name someone to act on your behalf if you die or cannot act yourself;</li>
          <li>complain to us about how we handle your data.</li>
        </ul>
        <p>
          Parents and guardians can do all of this for their child. To ask, use the <Link to="/privacy/request">data request form</Link> (we
          confirm your e-mail address first, so that nobody else can ask about your data), or write to or call the data protection contact
          above, giving the e-mail address or mobile number you used. We answer within 30 days.
        </p>

        <h2>If you are not satisfied</h2>
        <p>
          Tell the data protection contact first: the law asks that the school has the chance to put things right. If you are not satisfied
          with our answer, you can complain to the Data Protection Board of India, which receives complaints online.
        </p>
        <p>This notice was last reviewed on {REVIEWED}.</p>
      </div>
    </>
  );
}
