import { data, redirect } from 'react-router';
import { adminApi, fail, refusedSave } from './admin-api.server';
import type { FieldChange, VersionSummary } from '../../components/admin/history';

// The history of an item or an information page over the staff API (docs/api.md: …/versions,
// …/diff?from=&to=, …/versions/{n}/restore, …/preview): loaded for the editor's page, the
// comparison asked for by a plain GET form (?from=&to=), a restore and a preview link by form posts.

export interface HistoryData {
  versions: VersionSummary[];
  /** The comparison the page asked for (?from=&to=), or the reason it could not be made. */
  compare: { from: number; to: number; changes: FieldChange[] } | { error: string } | null;
  /** After a restore (?restored=N&as=M). */
  restored: { from: number; as: number } | null;
}

const whole = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

/** The versions newest first (who, when, what: the snapshots stay on the server), and the comparison asked for. */
export async function loadHistory(request: Request, api: string): Promise<HistoryData> {
  const query = new URL(request.url).searchParams;
  const answer = await adminApi<{ versions: Array<VersionSummary & { snapshot?: unknown }> }>(request, `${api}/versions`);
  if (!answer.ok || !answer.data) fail(answer);
  const versions = answer.data.versions.map(({ version, action, savedAt, savedBy, savedByEmail }) => ({
    version,
    action,
    savedAt,
    savedBy,
    savedByEmail,
  }));
  const from = whole(query.get('from'));
  const to = whole(query.get('to'));
  let compare: HistoryData['compare'] = null;
  if (query.has('from') || query.has('to')) {
    if (from === null || to === null) compare = { error: 'Choose two versions to compare.' };
    else {
      const diff = await adminApi<{ from: number; to: number; changes: FieldChange[] }>(request, `${api}/diff?from=${from}&to=${to}`);
      if (diff.status === 401) fail(diff);
      compare = diff.ok && diff.data ? diff.data : { error: diff.error };
    }
  }
  const restoredFrom = whole(query.get('restored'));
  const restoredAs = whole(query.get('as'));
  return { versions, compare, restored: restoredFrom && restoredAs ? { from: restoredFrom, as: restoredAs } : null };
}

/** "Restore this version": the old text as a new version, then back to the form with what was done. */
export async function restoreVersion(request: Request, api: string, here: string, values: Record<string, string>) {
  const old = whole(values.restore ?? null);
  if (old === null)
    return refusedSave({ ok: false, status: 400, data: null, error: 'Choose a version to restore.', setCookies: [] }, values);
  const answer = await adminApi<{ item?: { version: number }; page?: { version: number }; translation?: { version: number } }>(
    request,
    `${api}/versions/${old}/restore`,
    {
      method: 'POST',
      body: { version: values.version ?? '' },
      csrf: values.csrf ?? '',
    },
  );
  const made = answer.data?.item?.version ?? answer.data?.page?.version ?? answer.data?.translation?.version;
  if (answer.ok && made !== undefined) return redirect(`${here}?restored=${old}&as=${made}#history-heading`);
  return refusedSave(answer, values);
}

/** "Preview link": a signed link to the item as the public sees it, until it expires. */
export async function previewLink(request: Request, api: string, values: Record<string, string>) {
  const answer = await adminApi<{ url: string; expiresAt: string }>(request, `${api}/preview`, {
    method: 'POST',
    body: {},
    csrf: values.csrf ?? '',
  });
  if (answer.ok && answer.data) return data({ preview: answer.data });
  return refusedSave(answer, values);
}
