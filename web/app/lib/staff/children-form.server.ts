import { data } from 'react-router';
import { childBody, type Child } from '@sthsm/contract/children';
import { fieldErrors } from '@sthsm/contract/staff';
import { adminApi, fail } from './admin-api.server';

// The actions of the consent register's pages (/admin/children, /admin/children/:id): one outcome
// shape, and saving a child — checked first with the API's own schema (`childBody`), then sent.

export const CHECK_FIELDS = 'Some fields need attention. Nothing was saved.';

export interface ChildOutcome {
  intent: string;
  error: string;
  errors: Record<string, string>;
  values: Record<string, string>;
  success: string;
}

/** The answers of one form post: refused (keeping what was typed) or done (with a message). */
export function outcomes(intent: string, values: Record<string, string>) {
  return {
    refuse: (status: number, error: string, errors: Record<string, string> = {}) =>
      data<ChildOutcome>({ intent, error, errors, values, success: '' }, { status: status || 503 }),
    done: (success: string) => data<ChildOutcome>({ intent, error: '', errors: {}, values: {}, success }),
  };
}

/** The API's field messages of a refused write. */
export const errorsOf = (answer: { details?: Record<string, unknown> | null }) =>
  (answer.details?.errors as Record<string, string> | undefined) ?? {};

/** Records (POST) or changes (PUT) a child; answers the child, or the refusal to return from the action. */
export async function submitChild(
  request: Request,
  target: { path: string; method: 'POST' | 'PUT' },
  values: Record<string, string>,
  csrf: string,
  refuse: ReturnType<typeof outcomes>['refuse'],
) {
  const parsed = childBody.safeParse(values);
  if (!parsed.success) return { refused: refuse(400, CHECK_FIELDS, fieldErrors(parsed.error)) };
  const answer = await adminApi<{ child: Child }>(request, target.path, { method: target.method, body: values, csrf });
  if (answer.ok && answer.data) return { child: answer.data.child };
  if (answer.status === 401) fail(answer);
  return { refused: refuse(answer.status, answer.error, errorsOf(answer)) };
}
