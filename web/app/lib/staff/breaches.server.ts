import { data } from 'react-router';
import { BREACH_INVALID, breachBody } from '@sthsm/contract/breaches';
import { fieldErrors } from '@sthsm/contract/staff';
import { adminApi, refusedSave } from './admin-api.server';
import type { Breach, BreachDraft, BreachOutcome, BreachValues } from '../../components/admin/breach-form';

// The actions of the breach register's pages (/admin/breaches/new, /admin/breaches/:id): the form
// checked first with the API's own schema (`breachBody`), then sent. A refused save answers what
// was typed, so the form shows it again with each field's message (nothing typed is lost).

export interface BreachAnswer {
  breach: Breach;
  drafts: BreachDraft[];
}

export async function saveBreach(
  request: Request,
  target: { path: string; method: 'POST' | 'PUT' },
  values: BreachValues,
  csrf: string,
  version?: number,
): Promise<{ saved: BreachAnswer } | { refused: ReturnType<typeof data<BreachOutcome>> }> {
  const parsed = breachBody.safeParse(values);
  if (!parsed.success)
    return { refused: data<BreachOutcome>({ error: BREACH_INVALID, errors: fieldErrors(parsed.error), values }, { status: 400 }) };
  const body = version === undefined ? values : { ...values, version };
  const answer = await adminApi<BreachAnswer>(request, target.path, { method: target.method, body, csrf });
  if (answer.ok && answer.data) return { saved: answer.data };
  // Signed out: to the sign-in page, which comes back here (refusedSave throws the redirect).
  const refused = refusedSave<Breach>(answer, {}, request);
  const current = refused.data.theirs;
  return {
    refused: data<BreachOutcome>(
      {
        error: refused.data.error,
        errors: refused.data.errors,
        values,
        ...(current ? { currentVersion: current.version } : {}),
      },
      { status: refused.init?.status ?? 503 },
    ),
  };
}
