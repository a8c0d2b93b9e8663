import { useEffect, useRef } from 'react';
import { Form, Link, useRouteLoaderData } from 'react-router';
import type { StaffContext } from '../../lib/staff/admin-api.server';
import { contentView } from '../../lib/staff/admin-content';
import { pageTitle } from '../../lib/staff/admin-pages';
import { staffTime } from '../../lib/staff/admin-time';
import { imageUrl } from '../../lib/images';
import { cameraLines, sizeText, type UsedIn } from '../../lib/staff/media';
import type { fileLoader, FileOutcome } from '../../lib/staff/media-pages.server';
import { CsrfField, EditField, FormMessage } from './fields';
import { FileDeleteConfirm } from './item-actions';
import { useChangedForm } from './unsaved-changes';

// One file of the media library (/admin/media/{id}): its alt text (or "decorative"), caption,
// facts and camera data, where it is used (links to those items), and Delete — refused while
// anything uses it, with the list of places. Plain form posts: works without JavaScript; a refused
// save keeps what was typed. Only the controls the person may use are shown (the API's
// `permissions`): a contributor sees why a file in published content is an editor's to change.

type FileData = Awaited<ReturnType<typeof fileLoader>>;

/** Where an item of `type` is edited in the staff area (an information page: its form; the syllabus: /admin/syllabus). */
function editorPath(use: UsedIn): string {
  if (use.type === 'pages') return use.id === 'syllabus' ? '/admin/syllabus' : `/admin/pages/${encodeURIComponent(use.id)}`;
  return contentView(use.type) ? `/admin/${use.type}/${encodeURIComponent(use.id)}` : `/admin/${encodeURIComponent(use.type)}`;
}

/** What a place of use is called: "News item: Sports day", "Information page: Syllabus". */
function placeName(use: UsedIn): string {
  if (use.type === 'pages') return `Information page: ${pageTitle(use.id)}`;
  return `${contentView(use.type)?.singular ?? use.type}: ${use.title || '(untitled)'}`;
}

function UsedInList({ usedIn, id }: { usedIn: readonly UsedIn[]; id: string }) {
  if (usedIn.length === 0) return <p id={id}>Not used anywhere yet.</p>;
  return (
    <ul id={id}>
      {usedIn.map((u) => (
        <li key={`${u.type}:${u.id}`}>
          <Link to={editorPath(u)}>{placeName(u)}</Link>
        </li>
      ))}
    </ul>
  );
}

const TAGGED: Record<string, string> = { added: 'Child tagged.', removed: 'Child untagged.' };

/**
 * The children this photo shows (issue 16): each with whether their guardian's photo consent is in
 * effect — without it the photo is not shown on the site and an album with it cannot be published.
 * Tag through "Find a child" (a GET search of the consent register, then one button per match) and
 * untag with one button; plain forms, so it works without JavaScript.
 */
function PhotoChildren({ loaded, mayFind }: { loaded: FileData; mayFind: boolean }) {
  const { children, childQuery, childMatches, childSearchError, permissions } = loaded;
  const taggedIds = new Set(children.map((c) => c.id));
  const matches = childMatches?.items.filter((c) => !taggedIds.has(c.id)) ?? [];
  const hidden = children.filter((c) => !c.photosConsent);
  return (
    <section aria-labelledby="children-heading" className="admin-section">
      <h2 id="children-heading">Children in this photo</h2>
      {hidden.length > 0 ? (
        <p className="admin-alert admin-alert--error">
          Not shown on the site: {hidden.map((c) => c.name).join(', ')} {hidden.length === 1 ? 'has' : 'have'} no current guardian consent
          for photos. Record it under Children, or untag.
        </p>
      ) : null}
      {children.length === 0 ? (
        <p>No child is tagged. Tag the children a photo shows so that it is shown only with their guardians’ consent.</p>
      ) : (
        <ul className="media-children">
          {children.map((c) => (
            <li key={c.id}>
              <Form method="post" className="media-children__row">
                <CsrfField />
                <input type="hidden" name="child" value={c.id} />
                <span>
                  {c.name} ({c.class}) — {c.photosConsent ? 'photo consent in effect' : 'no photo consent'}
                </span>
                {permissions.untag ? (
                  <button className="btn btn--outline" type="submit" name="intent" value="untag" aria-label={`Untag ${c.name}`}>
                    Untag
                  </button>
                ) : null}
              </Form>
            </li>
          ))}
        </ul>
      )}
      {children.length > 0 && !permissions.untag ? <p>Only an editor or administrator can untag a child.</p> : null}
      {mayFind ? (
        <search aria-label="Find a child to tag">
          <Form method="get" className="media-child-search">
            <label htmlFor="child-search">Find a child</label>
            <input id="child-search" name="child" type="search" defaultValue={childQuery} aria-describedby="child-search-hint" />
            <button className="btn btn--outline" type="submit">
              Find
            </button>
            <p className="field-hint" id="child-search-hint">
              Name, class or admission number, from the consent register.
            </p>
          </Form>
        </search>
      ) : null}
      {childSearchError ? <p role="alert">{childSearchError}</p> : null}
      {childQuery && childMatches ? (
        matches.length === 0 ? (
          <p>
            <output>No other child in the register matches “{childQuery}”.</output>
          </p>
        ) : (
          <ul className="media-children" aria-label="Children found">
            {matches.map((c) => (
              <li key={c.id}>
                <Form method="post" className="media-children__row">
                  <CsrfField />
                  <input type="hidden" name="child" value={c.id} />
                  <span>
                    {c.name} ({c.class})
                  </span>
                  <button className="btn btn--outline" type="submit" name="intent" value="tag" aria-label={`Tag ${c.name}`}>
                    Tag
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

export function MediaFile({ loaded, outcome }: { loaded: FileData; outcome: FileOutcome | undefined }) {
  const { item, usedIn, saved, uploaded, tagged, permissions } = loaded;
  const { timeZone, role } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const typed = outcome?.values;
  const refusedDelete = useRef<HTMLElement>(null);
  useEffect(() => {
    if (outcome?.usedIn) refusedDelete.current?.focus();
  }, [outcome]);
  const changes = useChangedForm('You have unsaved changes to this file. Leave this page and lose them?', `${item.id}:${item.version}`);
  const facts = [
    item.kind === 'pdf' ? 'PDF' : 'Photo',
    sizeText(item.bytes),
    item.width && item.height ? `${item.width} × ${item.height} px` : '',
    `uploaded ${staffTime(item.createdAt, timeZone)}`,
  ].filter(Boolean);
  const camera = cameraLines(item.camera);
  return (
    <>
      <p>
        <Link to="/admin/media">Back to the media library</Link>
      </p>
      <h1 className="media-file-name">{item.name}</h1>
      <FormMessage
        error={outcome?.usedIn ? undefined : outcome?.error}
        success={
          outcome
            ? null
            : saved
              ? 'Saved.'
              : uploaded
                ? 'Uploaded. Add its alt text so it can be published.'
                : tagged
                  ? (TAGGED[tagged] ?? null)
                  : null
        }
      />
      {outcome?.confirmDelete ? <FileDeleteConfirm id={item.id} name={item.name} /> : null}
      {outcome?.usedIn ? (
        <section className="admin-alert admin-alert--error" aria-labelledby="refused-heading" ref={refusedDelete} tabIndex={-1}>
          <h2 id="refused-heading">Not deleted</h2>
          <p>{outcome.error}</p>
          <UsedInList usedIn={outcome.usedIn} id="refused-places" />
        </section>
      ) : null}
      {outcome?.current ? (
        <section className="admin-alert" aria-labelledby="theirs-heading">
          <h2 id="theirs-heading">Saved meanwhile by someone else (version {outcome.current.version})</h2>
          <p>
            <strong>Alt text:</strong> {outcome.current.decorative ? 'Decorative' : outcome.current.alt || '(none)'}
          </p>
          <p>
            <strong>Caption:</strong> {outcome.current.caption || '(none)'}
          </p>
          <p>Your text is still in the form below. Reload to edit the new version, then add your changes.</p>
        </section>
      ) : null}
      <div className="media-file">
        <figure className="media-file__preview">
          {item.kind === 'pdf' ? (
            <a href={imageUrl(item.ref)}>Open the PDF</a>
          ) : (
            <img
              src={imageUrl(item.ref, 800)}
              alt={item.alt}
              width={item.width ? 800 : undefined}
              height={item.width && item.height ? Math.round((800 * item.height) / item.width) : undefined}
            />
          )}
          <figcaption>{facts.join(' · ')}</figcaption>
        </figure>
        <div>
          {permissions.editWords ? (
            <Form key={item.version} method="post" className="admin-form" {...changes.form}>
              <CsrfField />
              <input type="hidden" name="version" value={item.version} />
              <EditField
                name="alt"
                label="Alt text"
                rows={3}
                value={typed?.alt ?? item.alt}
                hint="What the photo shows, for people who cannot see it. Needed before anything using it is published, unless it is decorative."
              />
              <label className="admin-check">
                <input
                  type="checkbox"
                  name="decorative"
                  defaultChecked={typed ? typed.decorative === 'on' : item.decorative}
                  aria-describedby="decorative-hint"
                />{' '}
                Decorative
              </label>
              <p className="field-hint" id="decorative-hint">
                Only for photos that add nothing a reader would miss; screen readers skip them.
              </p>
              <EditField name="caption" label="Caption" value={typed?.caption ?? item.caption} />
              <output className="admin-unsaved">{changes.changed ? 'Unsaved changes' : ''}</output>
              <div className="admin-button-row">
                <button className="btn" type="submit" name="intent" value="save">
                  Save
                </button>
              </div>
            </Form>
          ) : (
            <section aria-labelledby="words-heading" className="admin-section">
              <h2 id="words-heading">Alt text and caption</h2>
              <p className="admin-alert">{permissions.reason}</p>
              <p>
                <strong>Alt text:</strong> {item.decorative ? 'Decorative' : item.alt || '(none)'}
              </p>
              <p>
                <strong>Caption:</strong> {item.caption || '(none)'}
              </p>
            </section>
          )}
          {camera.length > 0 ? (
            <section aria-labelledby="camera-heading" className="admin-section">
              <h2 id="camera-heading">Camera</h2>
              <ul>
                {camera.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {item.kind === 'image' ? <PhotoChildren loaded={loaded} mayFind={role === 'admin' || role === 'editor'} /> : null}
          <section aria-labelledby="ref-heading" className="admin-section">
            <h2 id="ref-heading">Reference</h2>
            <div className="field">
              <label htmlFor="file-ref">This file&rsquo;s reference</label>
              <input id="file-ref" className="media-file__ref" readOnly value={item.ref} aria-describedby="file-ref-hint" />
              <p className="field-hint" id="file-ref-hint">
                Item forms choose files from the library by themselves; without JavaScript, copy this reference into a file field (one per
                line).
              </p>
            </div>
          </section>
          <section aria-labelledby="used-heading" className="admin-section">
            <h2 id="used-heading">Where it is used</h2>
            <UsedInList usedIn={usedIn} id="used-places" />
          </section>
          {permissions.delete && !outcome?.confirmDelete ? (
            <Form method="post" className="admin-button-row">
              <CsrfField />
              <button className="btn btn--danger" type="submit" name="intent" value="delete">
                Delete
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </>
  );
}
