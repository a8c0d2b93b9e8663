import { schoolInformation } from '@sthsm/content/pages/school-information';
import type { Route } from './+types/school-information';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import '../styles/pages.css';

const PATH = '/school-information';

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, schoolInformation.description, args);
}

/** Every row of SPEC §2's school information table, from the school's profile. */
export function loader() {
  const p = currentProfile();
  const rows: Array<[string, string]> = [
    ['Name and address', `${p.name}, ${p.addressLine}`],
    ['E-mail', p.email],
    ['Phone numbers', p.phones.map((phone) => `${phone.display} (${phone.label})`).join(', ')],
    ['Year of establishment', String(p.established)],
    ['Board', `${p.board} (Council for the Indian School Certificate Examinations)`],
    ['Examinations', p.examinations],
    ['Affiliation no.', p.affiliationNo],
    ['Affiliated since', String(p.affiliatedSince)],
    ['Medium of instruction', p.medium],
    ['Type of school', p.schoolType],
    ['Name of the trust', p.trust],
    ["Principal's name", p.principal.name],
    ["Principal's address", p.principal.address],
    ["Principal's e-mail", p.principal.email],
    ["Principal's phone", p.principal.phone],
    ['Academic session', p.academicSession],
    ['Vacation', p.vacation],
  ];
  return { schoolName: p.name, rows };
}

/** E-mail addresses and single phone numbers become mailto:/tel: links. */
function linkOf(label: string, value: string) {
  if (/e-mail/i.test(label)) return <a href={`mailto:${value}`}>{value}</a>;
  if (/^Principal's phone$/.test(label)) return <a href={`tel:${value.replaceAll(' ', '')}`}>{value}</a>;
  return value;
}

export default function SchoolInformation({ loaderData }: Route.ComponentProps) {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        <p className="lead">{schoolInformation.lead}</p>
        <div className="table-wrap">
          <table className="data-table info-table facts-table">
            <caption>School information</caption>
            <tbody>
              {loaderData.rows.map(([label, value]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{linkOf(label, value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </>
  );
}
