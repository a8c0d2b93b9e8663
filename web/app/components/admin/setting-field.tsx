// One labelled field of the school settings form (routes/admin/settings.tsx): text, e-mail, web
// address, telephone, a longer text or a choice from a list, with its hint and its error tied by aria-describedby. Its
// name is the profile path ("phones.0.number"), which is also where the schema puts its error.

export interface SettingFieldProps {
  name: string;
  label: string;
  kind?: 'text' | 'email' | 'url' | 'tel' | 'year' | 'decimal' | 'long' | 'choice';
  /** A choice's options (value, words); the first is usually "none" (an empty value). */
  options?: ReadonlyArray<readonly [string, string]> | undefined;
  hint?: string | undefined;
  required?: boolean | undefined;
  autoComplete?: string | undefined;
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** The id of a setting's input (also the target of the error summary's links). */
export function settingId(name: string): string {
  return `setting-${name.replaceAll('.', '-')}`;
}

export function SettingField({
  name,
  label,
  kind = 'text',
  hint,
  required = false,
  autoComplete = 'off',
  options = [],
  values,
  errors,
}: SettingFieldProps) {
  const id = settingId(name);
  const error = errors[name];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    defaultValue: values[name] ?? '',
    required,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  };
  return (
    <div className={`field${error ? ' field--invalid' : ''}${kind === 'long' ? ' field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="setting-optional"> (optional)</span>}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {kind === 'long' ? (
        <textarea {...common} rows={5} />
      ) : kind === 'choice' ? (
        <select {...common}>
          {options.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={kind === 'year' || kind === 'decimal' ? 'text' : kind}
          inputMode={kind === 'year' ? 'numeric' : kind === 'decimal' ? 'decimal' : undefined}
        />
      )}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
