import { syllabus } from '@sthsm/content/pages/syllabus';
import { siteDocuments } from '@sthsm/content/media-catalog';
import type { Route } from './+types/syllabus';
import { PageHeader } from '../components/PageHeader';
import { infoPage, infoPageMeta } from '../components/pages/info-page';
import { currentProfile } from '../components/pages/school.server';
import { fileSizes } from '../components/pages/file-info.server';
import { imageUrl } from '../lib/images';
import '../styles/pages.css';

const PATH = '/syllabus';
const DOCUMENTS = [
  { key: 'nurseryLkg', label: 'Nursery to LKG' },
  { key: 'primary', label: 'Classes I to IV' },
  { key: 'senior', label: 'Classes V to XII' },
] as const;

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(PATH, syllabus.description, args);
}

export async function loader() {
  const paths = DOCUMENTS.map(({ key }) => siteDocuments.syllabus[key].path);
  return { schoolName: currentProfile().name, sizes: await fileSizes(paths) };
}

function formatSize(bytes: number | null | undefined): string {
  if (!bytes) return 'PDF';
  return bytes < 1024 * 1024 ? `PDF, ${Math.max(1, Math.round(bytes / 1024))} KB` : `PDF, ${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export default function Syllabus({ loaderData }: Route.ComponentProps) {
  const { title, section } = infoPage(PATH);
  return (
    <>
      <PageHeader title={title} section={section} />
      <div className="container info-page">
        <p className="lead">{syllabus.lead}</p>
        <ul className="document-list">
          {DOCUMENTS.map(({ key, label }, index) => {
            const doc = siteDocuments.syllabus[key];
            return (
              <li key={key} className="card document">
                <h2>
                  <a href={imageUrl(doc.path)} target="_blank" rel="noopener noreferrer" type={doc.contentType}>
                    {label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </h2>
                <p className="document-meta">
                  {formatSize(loaderData.sizes[index])} · {doc.title}
                </p>
                <p>{syllabus.documents[key]}</p>
              </li>
            );
          })}
        </ul>
        <p className="note">{syllabus.note}</p>
      </div>
    </>
  );
}
