import type { Route } from './+types/syllabus';
import { useI18n } from '../i18n/i18n';
import type { Translate } from '../i18n/i18n';
import { InfoPage, SchoolText } from '../components/pages/info-page';
import { fileSize } from '../lib/api.server';
import { imageUrl } from '../lib/images';
import { data } from 'react-router';
import { notPublished } from '../lib/pages.server';
import { fetchPage } from '../lib/school-data.server';
import { currentSchool } from '../lib/school.server';
import { pageMeta } from '../lib/seo';
import { NO_HYDRATION } from '../lib/hydration';
import '../styles/pages.css';

export const meta = pageMeta;

/** The page, and each document's size for its "PDF, 120 KB" hint (404 when the school has not published it). */
export async function loader({ request }: Route.LoaderArgs) {
  const { content, published } = await fetchPage(currentSchool(request), 'syllabus');
  if (!published) return data({ ...(await notPublished(request)), sizes: [] }, { status: 404 });
  const sizes = await Promise.all((content?.documents ?? []).map((doc) => fileSize(doc.file)));
  return data({ page: content, notPublished: false, sizes });
}

function formatSize(t: Translate, bytes: number | null | undefined): string {
  if (!bytes) return t('info.syllabus.pdf');
  return bytes < 1024 * 1024
    ? t('info.syllabus.pdfKb', { size: String(Math.max(1, Math.round(bytes / 1024))) })
    : t('info.syllabus.pdfMb', { size: (bytes / 1024 / 1024).toFixed(1) });
}

/** Nothing here needs React in the browser: the shell's small script does the rest (lib/hydration.ts). */
export const handle = NO_HYDRATION;

export default function Syllabus({ loaderData }: Route.ComponentProps) {
  const { t, contentLang, contentDir } = useI18n();
  return (
    <InfoPage content={loaderData.page}>
      {(page) => (
        <>
          <p className="lead" lang={contentLang} dir={contentDir}>
            {page.lead}
          </p>
          <ul className="document-list">
            {page.documents.map((doc, index) => (
              <li key={doc.file} className="card document">
                <h2>
                  <a href={imageUrl(doc.file)} target="_blank" rel="noopener noreferrer" type="application/pdf">
                    <SchoolText>{doc.label}</SchoolText>
                    <span className="visually-hidden">{t('shell.newTab')}</span>
                  </a>
                </h2>
                <p className="document-meta">
                  {formatSize(t, loaderData.sizes[index])} · <SchoolText>{doc.title}</SchoolText>
                </p>
                <p lang={contentLang} dir={contentDir}>
                  {doc.summary}
                </p>
              </li>
            ))}
          </ul>
          <p className="note" lang={contentLang} dir={contentDir}>
            {page.note}
          </p>
        </>
      )}
    </InfoPage>
  );
}
