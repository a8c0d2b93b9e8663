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
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
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
        aria-describedby={described}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
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
