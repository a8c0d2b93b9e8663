import type { ReactNode } from 'react';
import { fieldId } from './form-names';
import { useI18n } from '../../i18n/i18n';

// One labelled control with its own error element. The error is linked by aria-describedby,
// and the control is marked aria-invalid, only while the error is shown.

interface BaseProps {
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  defaultValue: string;
  hint?: string;
}

function Wrapper({ name, label, required, error, hint, wide, children }: BaseProps & { wide?: boolean; children: ReactNode }) {
  const { t } = useI18n();
  const id = fieldId(name);
  return (
    <div className={`field${wide ? ' field--wide' : ''}${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          // aria-required on the control tells assistive technology; the star is for the eye.
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        ) : (
          <span className="field-optional">{t('forms.alumni.optional')}</span>
        )}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          <span aria-hidden="true">! </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(name: string, error?: string, hint?: string): string | undefined {
  const id = fieldId(name);
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

type InputProps = BaseProps & {
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
  maxLength?: number;
};

export function TextField({ type = 'text', autoComplete, inputMode, maxLength, ...props }: InputProps) {
  const { name, required, error, defaultValue, hint } = props;
  return (
    <Wrapper {...props}>
      <input
        id={fieldId(name)}
        name={name}
        type={type}
        defaultValue={defaultValue}
        autoComplete={autoComplete ?? 'off'}
        inputMode={inputMode}
        maxLength={maxLength}
        spellCheck={type === 'text' ? undefined : false}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
      />
    </Wrapper>
  );
}

export function TextArea({ autoComplete, maxLength, ...props }: BaseProps & { autoComplete?: string; maxLength?: number }) {
  const { name, required, error, defaultValue, hint } = props;
  return (
    <Wrapper {...props} wide>
      <textarea
        id={fieldId(name)}
        name={name}
        rows={3}
        defaultValue={defaultValue}
        autoComplete={autoComplete ?? 'off'}
        maxLength={maxLength}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
      />
    </Wrapper>
  );
}

export function SelectField({
  options,
  placeholder,
  ...props
}: BaseProps & { options: ReadonlyArray<{ value: string; label: string }>; placeholder: string }) {
  const { name, required, error, defaultValue, hint } = props;
  return (
    <Wrapper {...props}>
      <select
        id={fieldId(name)}
        name={name}
        defaultValue={defaultValue}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Wrapper>
  );
}
