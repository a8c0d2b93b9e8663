import { useEffect, useState, type FormEvent } from 'react';
import { Form, useNavigation } from 'react-router';
import {
  ALUMNI_FIELDS,
  CLASS_OPTIONS,
  HONEYPOT_FIELD,
  PROFESSION_OPTIONS,
  batchOptions,
  validateAlumniForm,
  type AlumniField,
  type AlumniFieldErrors,
} from '@sthsm/contract';
import { EMPTY_VALUES, readValues, type AlumniActionData } from './submit-result';
import { SelectField, TextArea, TextField } from './field';
import { fieldId, LABELS, NOTICE_ID, SUMMARY_ID, summaryHeading } from './form-names';

interface Notice {
  kind: 'success' | 'failure';
  text: string;
}

/** What the page shows for one action answer (or none): errors, a notice, and where focus goes. */
function fromActionData(data: AlumniActionData | undefined): { errors: AlumniFieldErrors; notice: Notice | null } {
  if (!data) return { errors: {}, notice: null };
  if (data.status === 'success') return { errors: {}, notice: { kind: 'success', text: data.message } };
  return { errors: data.errors, notice: data.message ? { kind: 'failure', text: data.message } : null };
}

function firstInvalid(errors: AlumniFieldErrors): AlumniField | undefined {
  return ALUMNI_FIELDS.find((field) => errors[field]);
}

/**
 * The alumni registration form (SPEC §3). Works as a plain POST without JavaScript; with it,
 * the same shared schema checks the fields before anything is sent. The /alumni page loads no
 * React (docs/decisions/0076): there islands/alumni.ts does this on the server's HTML; this
 * component's own behaviour serves a client-side move from a page that loads React.
 */
export function AlumniForm({ currentYear, actionData }: { currentYear: number; actionData: AlumniActionData | undefined }) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formData !== undefined;

  const initial = fromActionData(actionData);
  const [errors, setErrors] = useState<AlumniFieldErrors>(initial.errors);
  const [notice, setNotice] = useState<Notice | null>(initial.notice);
  const [seen, setSeen] = useState(actionData);
  const [resets, setResets] = useState(0);
  const [focus, setFocus] = useState<{ id: string; n: number } | null>(null);
  // n changes on every request, so the same field can be focused again.
  const requestFocus = (id: string) => setFocus((previous) => ({ id, n: (previous?.n ?? 0) + 1 }));

  // A new answer from the action replaces the shown errors and notice (React's "state from props" pattern).
  if (actionData !== seen) {
    setSeen(actionData);
    const next = fromActionData(actionData);
    setErrors(next.errors);
    setNotice(next.notice);
    if (actionData?.status === 'success') setResets((r) => r + 1);
    const invalid = firstInvalid(next.errors);
    if (invalid) requestFocus(fieldId(invalid));
    else if (next.notice) requestFocus(NOTICE_ID);
  }

  useEffect(() => {
    if (!focus) return;
    const element = document.getElementById(focus.id);
    element?.focus();
    element?.scrollIntoView({ block: 'center' });
  }, [focus]);

  const values = actionData && actionData.status !== 'success' ? actionData.values : EMPTY_VALUES;
  const batches = batchOptions(currentYear).map((b) => ({ value: b, label: b }));
  const errorList = ALUMNI_FIELDS.flatMap((field) => (errors[field] ? [{ field, message: errors[field] }] : []));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) {
      event.preventDefault(); // no double submit
      return;
    }
    const result = validateAlumniForm(readValues(new FormData(event.currentTarget)));
    if (!result.ok) {
      event.preventDefault(); // nothing is sent until the fields are right
      setErrors(result.errors);
      setNotice(null);
      const invalid = firstInvalid(result.errors);
      if (invalid) requestFocus(fieldId(invalid));
      return;
    }
    setErrors({});
    setNotice(null);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    const name = target.name as AlumniField;
    if (errors[name]) {
      setErrors((current) => {
        const next = { ...current };
        delete next[name];
        return next;
      });
    }
  }

  const field = (name: AlumniField) => ({ name, label: LABELS[name], error: errors[name], defaultValue: values[name] });

  return (
    <section className="alumni" aria-labelledby="alumni-form-title">
      <h2 id="alumni-form-title">Register as an alumnus</h2>
      <p className="form-intro">
        Fields marked <span aria-hidden="true">*</span> <span className="visually-hidden">with a star</span> are required.
      </p>
      {/* Outside the keyed form, so that the live regions survive the reset after a success and are announced. */}
      <div id={NOTICE_ID} tabIndex={-1} className="form-notice-region">
        <output className={notice?.kind === 'success' ? 'form-notice form-notice--success' : undefined}>
          {notice?.kind === 'success' ? notice.text : null}
        </output>
        <div role="alert" className={notice?.kind === 'failure' ? 'form-notice form-notice--failure' : undefined}>
          {notice?.kind === 'failure' ? notice.text : null}
        </div>
      </div>

      <Form
        method="post"
        noValidate
        key={`alumni-form-${resets}`}
        className="alumni-form"
        aria-labelledby="alumni-form-title"
        onSubmit={onSubmit}
        onChange={onChange}
      >
        {errorList.length > 0 ? (
          <div className="error-summary" id={SUMMARY_ID} role="alert" aria-labelledby={`${SUMMARY_ID}-title`}>
            <h3 id={`${SUMMARY_ID}-title`}>{summaryHeading(errorList.length)}</h3>
            <ul>
              {errorList.map(({ field: name, message }) => (
                <li key={name}>
                  <a
                    href={`#${fieldId(name)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      requestFocus(fieldId(name));
                    }}
                  >
                    <span className="error-summary-field">{LABELS[name]}: </span>
                    {message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <fieldset>
          <legend>Time at school</legend>
          <div className="field-grid">
            <SelectField {...field('fromYear')} required options={batches} placeholder="Select a batch" />
            <SelectField {...field('class')} required options={CLASS_OPTIONS} placeholder="Select a class" />
            <SelectField {...field('toYear')} required options={batches} placeholder="Select a batch" />
            <SelectField {...field('school2')} required options={CLASS_OPTIONS} placeholder="Select a class" />
          </div>
        </fieldset>

        <fieldset>
          <legend>Ward at school</legend>
          <p className="fieldset-hint">Your child or ward who studies at the school now.</p>
          <div className="field-grid">
            <TextField {...field('fatherName')} required autoComplete="off" />
            <SelectField {...field('subject')} required options={CLASS_OPTIONS} placeholder="Select a class" />
          </div>
        </fieldset>

        <fieldset>
          <legend>Contact</legend>
          <div className="field-grid">
            <TextField {...field('name')} required autoComplete="name" />
            <TextField
              {...field('email')}
              required
              type="email"
              inputMode="email"
              autoComplete="email"
              hint="For example name@example.org"
            />
            <TextField {...field('phone')} required type="tel" inputMode="tel" autoComplete="tel" hint="For example +91 98765 43210" />
            <TextField {...field('location')} required autoComplete="address-level2" />
            <TextArea {...field('address')} required autoComplete="street-address" />
          </div>
        </fieldset>

        <fieldset>
          <legend>Higher education</legend>
          <div className="field-grid">
            <TextField {...field('school')} />
            <TextField {...field('profession3')} />
          </div>
        </fieldset>

        <fieldset>
          <legend>Work</legend>
          <div className="field-grid">
            <TextField {...field('school1')} autoComplete="organization" />
            <TextField {...field('designation')} autoComplete="organization-title" />
            <SelectField {...field('profession1')} required options={PROFESSION_OPTIONS} placeholder="Select a profession" />
            <TextArea {...field('address1')} />
          </div>
        </fieldset>

        {/* A trap for bots: hidden from people and assistive technology; a filled value is discarded by the API. */}
        <div className="honeypot" aria-hidden="true">
          <label htmlFor={fieldId(HONEYPOT_FIELD)}>Leave this field empty</label>
          <input id={fieldId(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={pending} aria-disabled={pending || undefined}>
            {pending ? 'Submitting…' : 'Submit'}
          </button>
        </div>
      </Form>
    </section>
  );
}
