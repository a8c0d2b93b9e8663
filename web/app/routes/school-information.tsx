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

/** The board's full name where the site knows it (CISCE's); another board is shown as the school wrote it. */
const BOARD_NAMES: Record<string, string> = { CISCE: 'Council for the Indian School Certificate Examinations' };

/**
 * Every row of SPEC §2's school information table that the school's profile has a fact for (a
 * fact not given is left out, never shown empty).
 */
function rowsOf(p: SchoolProfile): Array<[string, string]> {
  const board = p.board && BOARD_NAMES[p.board] ? `${p.board} (${BOARD_NAMES[p.board]})` : p.board;
  const rows: Array<[string, string | number | undefined]> = [
    ['Name and address', p.addressLine ? `${p.name}, ${p.addressLine}` : p.name],
    ['E-mail', p.email],
    ['Phone numbers', p.phones?.map((phone) => `${phone.number} (${phone.label})`).join(', ')],
    ['Year of establishment', p.established],
    ['Board', board],
    ['Examinations', p.examinations],
    ['Affiliation no.', p.affiliationNo],
    ['Affiliated since', p.affiliatedSince],
    ['Medium of instruction', p.medium],
    ['Type of school', p.schoolType],
    ['Name of the trust', p.trust],
    ["Principal's name", p.principal?.name],
    ["Principal's address", p.principal?.address],
    ["Principal's e-mail", p.principal?.email],
    ["Principal's phone", p.principal?.phone],
    ['Academic session', p.academicSession],
    ['Vacation', p.vacation],
  ];
  return rows.flatMap(([label, value]) => (value === undefined || value === '' ? [] : [[label, String(value)] as [string, string]]));
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
