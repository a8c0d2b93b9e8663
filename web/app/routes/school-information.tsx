import type { SchoolProfile } from '@sthsm/contract/profile';
import type { Route } from './+types/school-information';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/catalogue';
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
function rowsOf(p: SchoolProfile): Array<[Fact, string]> {
  const board = p.board && BOARD_NAMES[p.board] ? `${p.board} (${BOARD_NAMES[p.board]})` : p.board;
  const rows: Array<[Fact, string | number | undefined]> = [
    ['nameAddress', p.addressLine ? `${p.name}, ${p.addressLine}` : p.name],
    ['email', p.email],
    ['phones', p.phones?.map((phone) => `${phone.number} (${phone.label})`).join(', ')],
    ['established', p.established],
    ['board', board],
    ['examinations', p.examinations],
    ['affiliationNo', p.affiliationNo],
    ['affiliatedSince', p.affiliatedSince],
    ['medium', p.medium],
    ['schoolType', p.schoolType],
    ['trust', p.trust],
    ['principalName', p.principal?.name],
    ['principalAddress', p.principal?.address],
    ['principalEmail', p.principal?.email],
    ['principalPhone', p.principal?.phone],
    ['session', p.academicSession],
    ['vacation', p.vacation],
  ];
  return rows.flatMap(([fact, value]) => (value === undefined || value === '' ? [] : [[fact, String(value)] as [Fact, string]]));
}

/** A row of the table: its label is the catalogue's `info.facts.{fact}`. */
type Fact = MessageKey extends infer K ? (K extends `info.facts.${infer F}` ? Exclude<F, 'caption'> : never) : never;

/** E-mail addresses and single phone numbers become mailto:/tel: links. */
function linkOf(fact: Fact, value: string) {
  if (fact === 'email' || fact === 'principalEmail') return <a href={`mailto:${value}`}>{value}</a>;
  if (fact === 'principalPhone') return <a href={`tel:${telOf(value)}`}>{value}</a>;
  return value;
}

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function SchoolInformation({ loaderData }: Route.ComponentProps) {
  const { t, contentLang, contentDir } = useI18n();
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead" lang={contentLang} dir={contentDir}>
            {page.lead}
          </p>
          <SchoolPart what="schoolInformation">
            {(school) => (
              <div className="table-wrap">
                <table className="data-table info-table facts-table">
                  <caption>{t('info.facts.caption')}</caption>
                  <tbody>
                    {rowsOf(school).map(([fact, value]) => (
                      <tr key={fact}>
                        <th scope="row">{t(`info.facts.${fact}`)}</th>
                        <td lang={contentLang} dir={contentDir}>
                          {linkOf(fact, value)}
                        </td>
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
