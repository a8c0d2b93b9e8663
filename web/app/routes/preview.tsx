import { data } from 'react-router';
import { API_TIMEOUT_MS } from '@sthsm/contract/http';
import type { Route } from './+types/preview';
import { PageHeader } from '../components/page-header';
import { env } from '../lib/env.server';
import { sanitizeRichText } from '../lib/sanitize.server';

// A draft as the public would see it, through a signed link that expires (docs/api.md "Preview"):
// the real page layout, signed out; never cached (no-store, and the page cache skips /preview) and
// never indexed (X-Robots-Tag and a robots meta tag).

const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

type Item = Record<string, unknown>;
interface Preview {
  state: 'ok' | 'expired' | 'invalid' | 'withheld' | 'unavailable';
  /** Why the server withholds the item (a child named without consent), in its words. */
  reason?: string;
  type?: string;
  item?: Item;
  html?: string | null;
  expiresAt?: string;
  /** When the link stops working, in the school's time zone and words ("27 Nov 2026, 5:30 pm India Standard Time"). */
  expires?: string;
}

/** A moment in the school's time zone, its zone named: the person previewing may be anywhere. */
function schoolTime(iso: string): string | undefined {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return undefined;
  const time = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: env.timeZone }).format(at);
  const zone = new Intl.DateTimeFormat('en-IN', { timeZone: env.timeZone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return zone ? `${time} ${zone.value}` : time;
}

const text = (item: Item | undefined, key: string) => (typeof item?.[key] === 'string' ? (item[key] as string) : '');

export function headers() {
  return PRIVATE;
}

export async function loader({ params }: Route.LoaderArgs) {
  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}/api/preview/${encodeURIComponent(params.token)}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch {
    return data<Preview>({ state: 'unavailable' }, { status: 503, headers: PRIVATE });
  }
  if (response.status === 410) return data<Preview>({ state: 'expired' }, { status: 410, headers: PRIVATE });
  if (response.status === 403) {
    // A valid link to an item that names a child without consent: the server says so (api/src/content/consent.ts).
    const reason = ((await response.json().catch(() => null)) as { error?: unknown } | null)?.error;
    if (typeof reason === 'string' && reason.startsWith('This preview is not shown'))
      return data<Preview>({ state: 'withheld', reason: reason.slice(0, 400) }, { status: 403, headers: PRIVATE });
  }
  if (!response.ok)
    return data<Preview>(
      { state: response.status === 403 || response.status === 404 ? 'invalid' : 'unavailable' },
      { status: response.status === 404 ? 404 : 403, headers: PRIVATE },
    );
  const body = (await response.json()) as { type: string; item: Item; expiresAt: string };
  // Rich text goes through the site's sanitizer, as on the public page.
  const html = body.type === 'principal-message' ? sanitizeRichText(text(body.item, 'message')) : null;
  return data<Preview>(
    { state: 'ok', type: body.type, item: body.item, html, expiresAt: body.expiresAt, expires: schoolTime(body.expiresAt) },
    { headers: PRIVATE },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const item = loaderData?.item;
  const name = text(item, 'title') || text(item, 'name') || 'Draft';
  return [
    { title: loaderData?.state === 'ok' ? `Preview: ${name}` : 'Preview not available' },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

function Field({ label, value }: { label: string; value: string }) {
  return value ? (
    <p>
      <strong>{label}:</strong> {value}
    </p>
  ) : null;
}

export default function PreviewPage({ loaderData }: Route.ComponentProps) {
  const { state, item, html, type, expires, reason } = loaderData;
  if (state !== 'ok' || !item) {
    const message =
      state === 'withheld' && reason
        ? reason
        : state === 'expired'
          ? 'This preview link has expired. Ask for a new one.'
          : state === 'invalid'
            ? 'This preview link is not valid. Ask for a new one.'
            : 'The preview cannot be shown right now. Please try again in a little while.';
    return (
      <>
        <PageHeader title="Preview not available" />
        <div className="container section prose">
          <p role="alert">{message}</p>
        </div>
      </>
    );
  }
  const title = text(item, 'title') || text(item, 'name') || (type === 'principal-message' ? "Principal's message" : 'Announcement');
  const date = text(item, 'date').slice(0, 10);
  return (
    <>
      <PageHeader title={title} />
      <div className="container section prose">
        <p className="notice" role="note">
          Preview: not published. This link works until {expires ?? 'it expires'}.
        </p>
        <article>
          <Field label="Date" value={date} />
          <Field label="Class" value={text(item, 'class')} />
          <Field label="Division" value={text(item, 'division')} />
          <Field label="Stream" value={text(item, 'stream')} />
          <Field label="Session" value={text(item, 'sessionYear')} />
          <Field label="Venue" value={text(item, 'venue')} />
          <Field label="Time" value={text(item, 'time')} />
          {html ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} /> : null}
          {text(item, 'description')
            .split(/\n{2,}/)
            .filter(Boolean)
            .map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
        </article>
      </div>
    </>
  );
}
