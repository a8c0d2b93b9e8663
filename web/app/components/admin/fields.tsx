import { useEffect, useRef } from 'react';
import { useNavigation, useRouteLoaderData } from 'react-router';
import '../../styles/admin-forms.css';

// Form parts of the staff area: labelled fields with their error tied by aria-describedby, the
// hidden CSRF token, and a message region that screen readers announce.

export interface FieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'date';
  autoComplete?: string;
  defaultValue?: string;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  minLength?: number;
  inputMode?: 'numeric' | 'text';
}

export function Field({
  name,
  label,
  type = 'text',
  autoComplete,
  defaultValue,
  error,
  hint,
  required = true,
  minLength,
  inputMode,
}: FieldProps) {
  const id = `field-${name}`;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        minLength={minLength}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldShell>
  );
}

/** The session's CSRF token (from the signed-in layout's loader), sent with every staff form. */
export function CsrfField() {
  const staff = useRouteLoaderData('routes/admin/signed-in') as { me?: { csrfToken: string } } | undefined;
  return <input type="hidden" name="csrf" value={staff?.me?.csrfToken ?? ''} />;
}

export interface FormMessageProps {
  error?: string | null | undefined;
  success?: string | null | undefined;
  /** The fields in error by name: listed under the error, each a link that moves to its field. */
  errors?: Record<string, string> | undefined;
  /** A field's label in that list (by default its name). */
  labelOf?: ((name: string) => string) | undefined;
  /** The id of a field's control (by default `field-{name}`, as EditField and Field make it). */
  idOf?: ((name: string) => string) | undefined;
}

/**
 * A form's outcome: an error is an alert, with an error summary linking to each field in error
 * (as on the alumni form); a success is a polite status. The message is where people look: when it
 * appears, changes, or a form post of this page has just been answered, it takes the focus, which
 * brings it into view (a client-side submission otherwise leaves the screen where the button was).
 * Without JavaScript the answer is a new page that starts at the top, where the message stands
 * before the form, and the summary's links go to the fields' ids.
 */
export function FormMessage({ error, success, errors, labelOf, idOf = fieldId }: FormMessageProps) {
  const message = useRef<HTMLDivElement & HTMLOutputElement>(null);
  useFocusOnAnswer(message, error || success || '');
  const fields = Object.entries(errors ?? {}).filter(([, text]) => Boolean(text));
  if (error)
    return (
      <div className="admin-alert admin-alert--error" role="alert" tabIndex={-1} ref={message}>
        <p className="admin-alert__text">{error}</p>
        {fields.length > 0 ? (
          <ul className="admin-error-list" aria-label="Fields to correct">
            {fields.map(([name, text]) => (
              <li key={name}>
                <a
                  href={`#${idOf(name)}`}
                  onClick={(event) => {
                    if (focusField(idOf(name))) event.preventDefault();
                  }}
                >
                  {/* The field's own words, or only its name when the message above already says them. */}
                  {text === error ? (labelOf?.(name) ?? name) : `${labelOf?.(name) ?? name}: ${text}`}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  if (success)
    return (
      <output className="admin-alert admin-alert--ok" tabIndex={-1} ref={message}>
        {success}
      </output>
    );
  return null;
}

const fieldId = (name: string) => `field-${name}`;

const CONTROLS = 'input:not([type="hidden"]), select, textarea, button, [contenteditable="true"]';

/** Moves the focus to a field (or the first control of a group of them); false when it is not on the page. */
function focusField(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  let control = target.matches(CONTROLS) ? target : target.querySelector<HTMLElement>(CONTROLS);
  // A rich-text field's textarea is hidden once its editor has taken its place: the editor it is.
  if (control && !control.checkVisibility())
    control = control.closest('.rich-field')?.querySelector<HTMLElement>('[contenteditable="true"]') ?? control;
  if (!control) target.tabIndex = -1;
  (control ?? target).focus();
  (control ?? target).scrollIntoView({ block: 'center' });
  return true;
}

/**
 * Focuses `element` when its `text` first shows or changes, and again when a form post of this page
 * has been answered while it shows (the same "Saved." after a second save). Focus brings it into view.
 */
function useFocusOnAnswer(element: React.RefObject<HTMLElement | null>, text: string) {
  const navigation = useNavigation();
  const posted = useRef(false);
  const shown = useRef('');
  useEffect(() => {
    if (navigation.state !== 'idle') {
      if (navigation.formData) posted.current = true;
      return;
    }
    const focusNow = text !== '' && (text !== shown.current || posted.current);
    posted.current = false;
    shown.current = text;
    if (focusNow && element.current) {
      element.current.focus();
      element.current.scrollIntoView({ block: 'nearest' });
    }
  }, [navigation.state, navigation.formData, text, element]);
}

/** Where a field's hint and error are, for aria-describedby. */
function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function FieldShell({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface EditFieldProps {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean | undefined;
  /** The language and direction of what is typed (a translation: lang="hi-IN"), for spelling and keyboards. */
  lang?: string | undefined;
  dir?: 'ltr' | 'rtl' | undefined;
}

/** The attributes every editor control shares: its id, name, kept value, and its hint and error tied to it. */
function controlProps(p: EditFieldProps) {
  const id = `field-${p.name}`;
  return {
    id,
    name: p.name,
    defaultValue: p.value,
    required: p.required,
    'aria-invalid': p.error ? true : undefined,
    'aria-describedby': describedBy(id, p.hint, p.error),
    ...(p.lang ? { lang: p.lang } : {}),
    ...(p.dir ? { dir: p.dir } : {}),
  };
}

/**
 * A field of an editor form, its value kept after a failed save: a one-line input (text, date,
 * datetime-local, url, number), a multi-line text (`rows`) or one of a few `options`.
 */
export function EditField({
  type = 'text',
  rows,
  options,
  ...p
}: EditFieldProps & {
  type?: 'text' | 'date' | 'datetime-local' | 'url' | 'number';
  rows?: number;
  /** A choice: each option its own value and words, or one string for both. */
  options?: ReadonlyArray<string | { value: string; label: string }>;
}) {
  const control = controlProps(p);
  return (
    <FieldShell id={control.id} label={p.label} hint={p.hint} error={p.error}>
      {options ? (
        <select {...control}>
          {p.required ? null : <option value="">—</option>}
          {options.map((o) => {
            const { value, label } = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={value} value={value}>
                {label}
              </option>
            );
          })}
        </select>
      ) : rows ? (
        <textarea rows={rows} {...control} />
      ) : (
        <input type={type} {...control} />
      )}
    </FieldShell>
  );
}
