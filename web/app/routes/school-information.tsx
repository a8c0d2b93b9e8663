import type { SchoolProfile } from '@sthsm/contract/profile';
import type { Route } from './+types/school-information';
import { InfoPage, SchoolPart } from '../components/pages/info-page';
import { infoPageLoader } from '../lib/pages.server';
import { telOf } from '../lib/phone';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

export const loader = infoPageLoader('school-information');

/** Every row of SPEC §2's school information table, from the school's profile. */
function rowsOf(p: SchoolProfile): Array<[string, string]> {
  return [
    ['Name and address', `${p.name}, ${p.addressLine}`],
    ['E-mail', p.email],
    ['Phone numbers', p.phones.map((phone) => `${phone.number} (${phone.label})`).join(', ')],
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
}

/** E-mail addresses and single phone numbers become mailto:/tel: links. */
function linkOf(label: string, value: string) {
  if (/e-mail/i.test(label)) return <a href={`mailto:${value}`}>{value}</a>;
  if (/^Principal's phone$/.test(label)) return <a href={`tel:${telOf(value)}`}>{value}</a>;
  return value;
}

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function SchoolInformation({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead">{page.lead}</p>
          <SchoolPart what="the school information">
            {(school) => (
              <div className="table-wrap">
                <table className="data-table info-table facts-table">
                  <caption>School information</caption>
                  <tbody>
                    {rowsOf(school).map(([label, value]) => (
                      <tr key={label}>
                        <th scope="row">{label}</th>
                        <td>{linkOf(label, value)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </SchoolPart>
        </>
      )}
    </InfoPage>
  );
}
