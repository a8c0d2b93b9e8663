import { Link } from 'react-router';
import { telOf } from '../lib/phone';
import { useRootData } from '../lib/root-data';

/**
 * How to reach the school office about a request (the privacy notice, the accessibility
 * statement): its e-mail with the subject filled in, its first telephone number, and the contact
 * page. From the root data, so every school shows its own.
 */
export function OfficeContacts({ subject }: { subject: string }) {
  const school = useRootData().school;
  const email = school?.emails?.office ?? school?.email ?? '';
  const phone = school?.phones?.[0];
  return (
    <ul>
      {email ? (
        <li>
          E-mail: <a href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}>{email}</a>
        </li>
      ) : null}
      {phone ? (
        <li>
          Telephone: <a href={`tel:${telOf(phone.number)}`}>{phone.number}</a> (school office hours)
        </li>
      ) : null}
      <li>
        Or visit or write to us: <Link to="/contactUs">contact details</Link>.
      </li>
    </ul>
  );
}
