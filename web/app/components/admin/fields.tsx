import { useRouteLoaderData } from 'react-router';

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

/** A form's outcome: errors are alerts, successes a polite status. */
export function FormMessage({ error, success }: { error?: string | null | undefined; success?: string | null | undefined }) {
  if (error)
    return (
      <p className="admin-alert admin-alert--error" role="alert">
        {error}
      </p>
    );
  if (success) return <output className="admin-alert admin-alert--ok">{success}</output>;
  return null;
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
