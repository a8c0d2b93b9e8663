// The alumni form in the browser without React (docs/decisions/0076): a small module the /alumni
// page loads instead of React and React Router. It works on the server's HTML
// (components/alumni/alumni-form.tsx), which is a complete form posting to the page's action:
// - on Submit, the shared schema (@sthsm/contract) checks the fields and nothing is sent until they
//   are right: each message under its field (aria-invalid, aria-describedby), a summary of links at
//   the top, focus on the first invalid field;
// - fixing a field clears its message, and only its message;
// - a valid form is posted with fetch while the button says "Submitting…" (no second submit); the
//   server's answer page supplies the form and the notice, swapped in here, with focus on the first
//   invalid field or on the notice. Should the post not reach the server, what was typed stays.
// A click before this module has run is an ordinary form post: the server answers the same way.
import { ALUMNI_FIELDS, validateAlumniForm, type AlumniField, type AlumniFieldErrors } from '@sthsm/contract/alumni';
import { errorText, fieldId, LABELS, NOTICE_ID, SUMMARY_ID, summaryHeading, type AlumniWords } from '../components/alumni/form-names';
import { MESSAGES, readValues } from '../components/alumni/submit-result';

const POST_TIMEOUT_MS = 30_000;

/**
 * The form's words: on a page in another language the server puts them in the form's `data-words`
 * (components/alumni/words.ts), as this module has no catalogue; on an English page, the English.
 */
function wordsOf(form: HTMLFormElement): AlumniWords {
  const english: AlumniWords = {
    locale: 'en',
    labels: LABELS,
    errors: {},
    tooLong: '',
    notText: '',
    summaries: Array.from({ length: ALUMNI_FIELDS.length + 1 }, (_, count) => summaryHeading(count)),
    submit: 'Submit',
    submitting: 'Submitting…',
    unreachable: MESSAGES.unreachable,
    serverError: MESSAGES.serverError,
  };
  try {
    const words: unknown = JSON.parse(form.dataset.words ?? 'null');
    return words && typeof words === 'object' ? { ...english, ...(words as Partial<AlumniWords>) } : english;
  } catch {
    return english;
  }
}

function focusOn(id: string): void {
  const element = document.getElementById(id);
  element?.focus();
  element?.scrollIntoView({ block: 'center' });
}

/** The form's errors as the server rendered them (after a post without JavaScript). */
function shownErrors(form: HTMLFormElement): AlumniFieldErrors {
  const errors: AlumniFieldErrors = {};
  for (const field of ALUMNI_FIELDS) {
    const text = form.querySelector(`#${fieldId(field)}-error`)?.lastChild?.textContent;
    if (text) errors[field] = text;
  }
  return errors;
}

/** Shows or clears one field's message, exactly as components/alumni/field.tsx renders it. */
function showFieldError(form: HTMLFormElement, field: AlumniField, message: string | undefined): void {
  const id = fieldId(field);
  const control = form.querySelector<HTMLElement>(`#${id}`);
  const wrapper = control?.closest('.field');
  if (!control || !wrapper) return;
  wrapper.querySelector('.field-error')?.remove();
  wrapper.classList.toggle('field--invalid', Boolean(message));
  const hint = wrapper.querySelector('.field-hint') ? `${id}-hint` : '';
  if (message) {
    const error = document.createElement('p');
    error.className = 'field-error';
    error.id = `${id}-error`;
    const mark = document.createElement('span');
    mark.setAttribute('aria-hidden', 'true');
    mark.textContent = '! ';
    error.append(mark, message);
    wrapper.append(error);
    control.setAttribute('aria-invalid', 'true');
  } else {
    control.removeAttribute('aria-invalid');
  }
  const describedBy = [hint, message ? `${id}-error` : ''].filter(Boolean).join(' ');
  if (describedBy) control.setAttribute('aria-describedby', describedBy);
  else control.removeAttribute('aria-describedby');
}

/** The summary of links at the top of the form, kept as one element while it has errors to list. */
function showSummary(form: HTMLFormElement, errors: AlumniFieldErrors, words: AlumniWords): void {
  const listed = ALUMNI_FIELDS.filter((field) => errors[field]);
  let summary = form.querySelector<HTMLElement>(`#${SUMMARY_ID}`);
  if (listed.length === 0) {
    summary?.remove();
    return;
  }
  if (!summary) {
    summary = document.createElement('div');
    summary.className = 'error-summary';
    summary.id = SUMMARY_ID;
    summary.setAttribute('role', 'alert');
    summary.setAttribute('aria-labelledby', `${SUMMARY_ID}-title`);
    const heading = document.createElement('h3');
    heading.id = `${SUMMARY_ID}-title`;
    summary.append(heading, document.createElement('ul'));
    form.prepend(summary);
  }
  const heading = summary.querySelector('h3');
  if (heading) heading.textContent = words.summaries[listed.length] ?? summaryHeading(listed.length);
  summary.querySelector('ul')?.replaceChildren(
    ...listed.map((field) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `#${fieldId(field)}`;
      const name = document.createElement('span');
      name.className = 'error-summary-field';
      name.textContent = `${words.labels[field]}: `;
      link.append(name, errorText(words, field, errors[field] ?? ''));
      item.append(link);
      return item;
    }),
  );
}

/** The success (status) and failure (alert) lines, which stay in place so that changes are announced. */
function showNotice(kind: 'success' | 'failure' | null, text: string): void {
  const region = document.getElementById(NOTICE_ID);
  const success = region?.querySelector('output');
  const failure = region?.querySelector('[role="alert"]');
  if (success) {
    success.className = kind === 'success' ? 'form-notice form-notice--success' : '';
    success.textContent = kind === 'success' ? text : '';
  }
  if (failure) {
    failure.className = kind === 'failure' ? 'form-notice form-notice--failure' : '';
    failure.textContent = kind === 'failure' ? text : '';
  }
}

function start(form: HTMLFormElement): void {
  const words = wordsOf(form);
  let errors = shownErrors(form);
  let pending = false;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');

  const render = (next: AlumniFieldErrors) => {
    errors = next;
    for (const field of ALUMNI_FIELDS) {
      const message = next[field];
      showFieldError(form, field, message ? errorText(words, field, message) : undefined);
    }
    showSummary(form, next, words);
  };

  const setPending = (on: boolean) => {
    pending = on;
    if (!button) return;
    button.disabled = on;
    if (on) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
    button.textContent = on ? words.submitting : words.submit;
  };

  const clearField = (event: Event) => {
    const name = (event.target as HTMLInputElement | null)?.name as AlumniField | undefined;
    if (!name || !errors[name]) return;
    const next = { ...errors };
    delete next[name];
    errors = next;
    showFieldError(form, name, undefined);
    showSummary(form, next, words);
  };
  form.addEventListener('input', clearField);
  form.addEventListener('change', clearField);

  form.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>(`#${SUMMARY_ID} a`);
    if (!link) return;
    event.preventDefault();
    focusOn(link.hash.slice(1));
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pending) return; // no double submit
    const checked = validateAlumniForm(readValues(new FormData(form)));
    if (!checked.ok) {
      render(checked.errors);
      showNotice(null, '');
      const first = ALUMNI_FIELDS.find((field) => checked.errors[field]);
      if (first) focusOn(fieldId(first));
      return;
    }
    render({});
    showNotice(null, '');
    setPending(true);
    void send(form, setPending, words);
  });
}

/** Posts the form as a browser without JavaScript would, and shows the answer page's form and notice. */
async function send(form: HTMLFormElement, setPending: (on: boolean) => void, words: AlumniWords): Promise<void> {
  let answer: Document;
  try {
    const response = await fetch(form.getAttribute('action') || location.pathname, {
      method: 'POST',
      body: new FormData(form),
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    answer = new DOMParser().parseFromString(await response.text(), 'text/html');
  } catch {
    setPending(false);
    showNotice('failure', words.unreachable);
    focusOn(NOTICE_ID);
    return;
  }
  const nextForm = answer.querySelector<HTMLFormElement>('form.alumni-form');
  if (!nextForm) {
    setPending(false);
    showNotice('failure', words.serverError);
    focusOn(NOTICE_ID);
    return;
  }
  const success = answer.querySelector(`#${NOTICE_ID} output`)?.textContent ?? '';
  const failure = answer.querySelector(`#${NOTICE_ID} [role="alert"]`)?.textContent ?? '';
  const adopted = document.adoptNode(nextForm);
  form.replaceWith(adopted);
  showNotice(success ? 'success' : failure ? 'failure' : null, success || failure);
  start(adopted);
  const first = ALUMNI_FIELDS.find((field) => adopted.querySelector(`#${fieldId(field)}-error`));
  focusOn(first ? fieldId(first) : NOTICE_ID);
}

const form = document.querySelector<HTMLFormElement>('form.alumni-form');
if (form) start(form);
