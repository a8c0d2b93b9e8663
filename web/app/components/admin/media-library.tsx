import { useEffect, useRef } from 'react';
import { Form, Link, useLocation, useNavigate, useNavigation, useRouteLoaderData } from 'react-router';
import type { StaffContext } from '../../lib/staff/admin-api.server';
import { hasAlt, MEDIA_ACCEPT, MEDIA_TYPE_LABELS, MEDIA_TYPES, mediaQuery, usageText } from '../../lib/staff/media';
import type { libraryLoader } from '../../lib/staff/media-pages.server';
import { CsrfField, FormMessage } from './fields';
import { MediaThumb } from './media-thumb';
import { MediaUploader } from './media-uploader';
import { AdminPager } from './pager';

// The media library (STAFF.md: /admin/media; issue 15): the school's photos and PDFs as a grid
// with search, filters kept in the URL (type, dates, album, missing alt text) and pages, the
// storage used, and uploads — many files resumably with JavaScript, one file by a plain form without.

type LibraryData = Awaited<ReturnType<typeof libraryLoader>>;

/** Waits this long after a file arrives for more before reading the list again. */
const REFRESH_AFTER_MS = 800;

function OneFileForm({ error }: { error?: string | undefined }) {
  return (
    <section aria-labelledby="upload-heading" className="media-uploader">
      <h2 id="upload-heading">Upload</h2>
      <Form method="post" encType="multipart/form-data" className="admin-form">
        <CsrfField />
        <div className="field">
          <label htmlFor="upload-file">File</label>
          <p className="field-hint" id="upload-file-hint">
            A photo (JPEG, PNG, WebP, AVIF, HEIC) or a PDF.
          </p>
          <input id="upload-file" name="file" type="file" accept={MEDIA_ACCEPT} required aria-describedby="upload-file-hint" />
        </div>
        <FormMessage error={error} />
        <button className="btn" type="submit">
          Upload
        </button>
      </Form>
    </section>
  );
}

/**
 * Reads the list again shortly after files arrive (one read for a burst of them), by navigating to
 * the page it is on (useRevalidator would add to the router code every public page loads).
 */
function useRefreshSoon(): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A page being opened meanwhile (a link followed right after an upload) is left to open: the
  // refresh would otherwise take the person back here while that page loads.
  const navigation = useNavigation();
  const leaving = useRef(false);
  useEffect(() => {
    leaving.current = navigation.state !== 'idle';
  }, [navigation.state]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!leaving.current) void navigate(pathname + search, { replace: true, preventScrollReset: true });
    }, REFRESH_AFTER_MS);
  };
}

export function MediaLibrary({
  loaded,
  error,
  notice,
}: {
  loaded: LibraryData;
  error?: string | undefined;
  /** A message right under the heading (after a delete). */
  notice?: React.ReactNode;
}) {
  const { items, total, page, pages, usage, filters, albums } = loaded;
  const staff = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const refresh = useRefreshSoon();
  const at = (p: number) => `?${mediaQuery(filters, p)}`;
  const filtered = Boolean(filters.q || filters.type || filters.from || filters.to || filters.album || filters.missingAlt);
  return (
    <>
      <h1>Media library</h1>
      {notice}
      <div className="media-usage">
        <label htmlFor="media-usage">Storage: {usageText(usage)}</label>
        <meter id="media-usage" min={0} max={Math.max(1, usage.quotaBytes)} value={usage.bytes} high={usage.quotaBytes * 0.9} />
      </div>
      <MediaUploader csrf={staff.me.csrfToken} onUploaded={refresh} fallback={<OneFileForm error={error} />} />

      <Form method="get" className="admin-filters media-filters" aria-label="Filter the library">
        <div className="field">
          <label htmlFor="m-q">Search</label>
          <input id="m-q" name="q" type="search" defaultValue={filters.q} maxLength={200} aria-describedby="m-q-hint" />
          <p className="field-hint" id="m-q-hint">
            File name, alt text or caption
          </p>
        </div>
        <div className="field">
          <label htmlFor="m-type">Type</label>
          <select id="m-type" name="type" defaultValue={filters.type}>
            <option value="">All</option>
            {MEDIA_TYPES.map((t) => (
              <option key={t} value={t}>
                {MEDIA_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="m-from">Uploaded from</label>
          <input id="m-from" name="from" type="date" defaultValue={filters.from} />
        </div>
        <div className="field">
          <label htmlFor="m-to">Uploaded until</label>
          <input id="m-to" name="to" type="date" defaultValue={filters.to} />
        </div>
        <div className="field">
          <label htmlFor="m-album">Album</label>
          <select id="m-album" name="album" defaultValue={filters.album}>
            <option value="">Any</option>
            {albums.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </select>
        </div>
        <label className="admin-check">
          <input type="checkbox" name="missingAlt" value="1" defaultChecked={filters.missingAlt} /> Missing alt text only
        </label>
        <div className="admin-button-row">
          <button className="btn" type="submit">
            Search
          </button>
          <Link className="btn btn--outline" to="/admin/media">
            Clear
          </Link>
        </div>
      </Form>

      <p>
        <output>
          {total} {total === 1 ? 'file' : 'files'}
          {pages > 1 ? `, page ${page} of ${pages}` : ''}.
        </output>
      </p>
      {items.length > 0 ? (
        <ul className="media-grid" aria-label="Files">
          {items.map((item) => (
            <li key={item.id}>
              <Link to={`/admin/media/${encodeURIComponent(item.id)}`} className="media-card">
                <MediaThumb item={item} />
                <span className="media-card__name">{item.name}</span>
                {hasAlt(item) ? null : <span className="media-badge">No alt text</span>}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{filtered ? 'No file matches.' : 'No files yet. Upload photos and PDFs above.'}</p>
      )}
      <AdminPager label="Library pages" page={page} pages={pages} at={at} />
    </>
  );
}
