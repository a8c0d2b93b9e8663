import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { ALUMNI_FIELDS, HONEYPOT_FIELD, validateAlumniForm, type AlumniField, type AlumniFieldErrors } from '@sthsm/contract';
import { EMPTY_VALUES, readValues, type AlumniActionData } from './submit-result';
import { SelectField, TextArea, TextField } from './field';
import { errorText, fieldId, NOTICE_ID, SUMMARY_ID } from './form-names';
import { alumniWords, batchChoices, classOptions, professionOptions } from './words';
import { useI18n } from '../../i18n/i18n';

/** The star of a required field, for the eye only. */
const starTag = (chunks: ReactNode[]) => <span aria-hidden="true">{chunks}</span>;
/** The star's words, for a screen reader. */
const hiddenTag = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

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
  const { t, rich, locale } = useI18n();
  const words = useMemo(() => alumniWords(t, locale), [t, locale]);
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
  const batches = batchChoices(t, currentYear);
  const classes = classOptions(t);
  const errorList = ALUMNI_FIELDS.flatMap((field) => (errors[field] ? [{ field, message: errorText(words, field, errors[field]) }] : []));

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

  const field = (name: AlumniField) => ({
    name,
    label: words.labels[name],
    error: errors[name] ? errorText(words, name, errors[name]) : undefined,
    defaultValue: values[name],
  });

  return (
    <section className="alumni" aria-labelledby="alumni-form-title">
      <h2 id="alumni-form-title">{t('forms.alumni.title')}</h2>
      <p className="form-intro">{rich('forms.alumni.requiredNote', { star: starTag, hidden: hiddenTag })}</p>
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
        data-words={locale === 'en' ? undefined : JSON.stringify(words)}
        onSubmit={onSubmit}
        onChange={onChange}
      >
        {errorList.length > 0 ? (
          <div className="error-summary" id={SUMMARY_ID} role="alert" aria-labelledby={`${SUMMARY_ID}-title`}>
            <h3 id={`${SUMMARY_ID}-title`}>{words.summaries[errorList.length]}</h3>
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
                    <span className="error-summary-field">{words.labels[name]}: </span>
                    {message}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <fieldset>
          <legend>{t('forms.alumni.timeAtSchool')}</legend>
          <div className="field-grid">
            <SelectField {...field('fromYear')} required options={batches} placeholder={t('forms.alumni.selectBatch')} />
            <SelectField {...field('class')} required options={classes} placeholder={t('forms.alumni.selectClass')} />
            <SelectField {...field('toYear')} required options={batches} placeholder={t('forms.alumni.selectBatch')} />
            <SelectField {...field('school2')} required options={classes} placeholder={t('forms.alumni.selectClass')} />
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('forms.alumni.wardAtSchool')}</legend>
          <p className="fieldset-hint">{t('forms.alumni.wardHint')}</p>
          <div className="field-grid">
            <TextField {...field('fatherName')} required autoComplete="off" />
            <SelectField {...field('subject')} required options={classes} placeholder={t('forms.alumni.selectClass')} />
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('forms.alumni.contact')}</legend>
          <div className="field-grid">
            <TextField {...field('name')} required autoComplete="name" />
            <TextField
              {...field('email')}
              required
              type="email"
              inputMode="email"
              autoComplete="email"
              hint={t('forms.alumni.emailHint')}
            />
            <TextField {...field('phone')} required type="tel" inputMode="tel" autoComplete="tel" hint={t('forms.alumni.phoneHint')} />
            <TextField {...field('location')} required autoComplete="address-level2" />
            <TextArea {...field('address')} required autoComplete="street-address" />
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('forms.alumni.higherEducation')}</legend>
          <div className="field-grid">
            <TextField {...field('school')} />
            <TextField {...field('profession3')} />
          </div>
        </fieldset>

        <fieldset>
          <legend>{t('forms.alumni.work')}</legend>
          <div className="field-grid">
            <TextField {...field('school1')} autoComplete="organization" />
            <TextField {...field('designation')} autoComplete="organization-title" />
            <SelectField
              {...field('profession1')}
              required
              options={professionOptions(t)}
              placeholder={t('forms.alumni.selectProfession')}
            />
            <TextArea {...field('address1')} />
          </div>
        </fieldset>

        {/* A trap for bots: hidden from people and assistive technology; a filled value is discarded by the API. */}
        <div className="honeypot" aria-hidden="true">
          <label htmlFor={fieldId(HONEYPOT_FIELD)}>{t('forms.alumni.honeypot')}</label>
          <input id={fieldId(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={pending} aria-disabled={pending || undefined}>
            {pending ? words.submitting : words.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}
