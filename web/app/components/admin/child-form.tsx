import { CONSENT_PURPOSE_LABELS, CONSENT_PURPOSES, consentFieldNames, type Child, type Consent } from '@sthsm/contract/children';
import { Form } from 'react-router';
import { CsrfField, Field, FormMessage } from './fields';
import { staffDay, staffDayOf, staffTime } from '../../lib/staff/admin-time';

// The fields of the consent register's form (issue 16), shared by "Record a child" and a child's
// page: name, class, admission number, and for each purpose the date consent was given and its
// end date. Their names are the API's (`childBody` in @sthsm/contract/children).

export type FormValues = Record<string, string>;

/** The form's values for a stored child: their details and each consent still in effect. */
export function valuesOfChild(child: Child): FormValues {
  const values: FormValues = { name: child.name, class: child.class, admissionNumber: child.admissionNumber ?? '' };
  for (const c of child.consents) {
    if (!c.current) continue;
    const names = consentFieldNames(c.purpose);
    values[names.givenOn] = c.givenOn;
    values[names.endsOn] = c.endsOn;
  }
  return values;
}

export function ChildFields({ values, errors }: { values: FormValues; errors: Record<string, string> }) {
  return (
    <>
      <Field name="name" label="Name" defaultValue={values.name ?? ''} error={errors.name} autoComplete="off" />
      <Field name="class" label="Class" defaultValue={values.class ?? ''} error={errors.class} autoComplete="off" />
      <Field
        name="admissionNumber"
        label="Admission number (optional)"
        defaultValue={values.admissionNumber ?? ''}
        error={errors.admissionNumber}
        required={false}
        autoComplete="off"
      />
      <div className="consent-groups">
        {CONSENT_PURPOSES.map((purpose) => {
          const names = consentFieldNames(purpose);
          return (
            <fieldset key={purpose} className="consent-group">
              <legend>{CONSENT_PURPOSE_LABELS[purpose]}</legend>
              <Field
                name={names.givenOn}
                label="Date given"
                type="date"
                defaultValue={values[names.givenOn] ?? ''}
                error={errors[names.givenOn]}
                required={false}
              />
              <Field
                name={names.endsOn}
                label="End date"
                type="date"
                defaultValue={values[names.endsOn] ?? ''}
                error={errors[names.endsOn]}
                required={false}
                hint="The last day consent covers."
              />
            </fieldset>
          );
        })}
      </div>
    </>
  );
}

/**
 * One consent in words: in effect until its end date, withdrawn, ended, or never given; days as
 * people write them ("31 Mar 2027"), the day of a withdrawal as it was in the school's time zone.
 */
export function consentState(consent: Consent | undefined, timeZone: string): { text: string; current: boolean } {
  if (!consent) return { text: 'Not given', current: false };
  if (consent.current) return { text: `Given until ${staffDay(consent.endsOn)}`, current: true };
  if (consent.withdrawnAt) {
    const by = consent.withdrawnBy === 'guardian' ? ' by the guardian' : consent.withdrawnByEmail ? ` by ${consent.withdrawnByEmail}` : '';
    return { text: `Withdrawn on ${staffDayOf(consent.withdrawnAt, timeZone)}${by}`, current: false };
  }
  return { text: `Ended on ${staffDay(consent.endsOn)}`, current: false };
}

/** "p…t@example.org": enough to tell guardians apart in a list, not the whole address. */
export const maskedEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}…${local.length > 1 ? local.slice(-1) : ''}@${domain}`;
};

/**
 * How a consent was verified (issue 37): recorded by the school in person (by whom, when) or
 * confirmed by the guardian through the e-mailed link (when, to which address; masked in lists).
 */
export function verificationWords(consent: Consent, timeZone: string, mask = false): string {
  if (consent.verifiedBy === 'guardian') {
    const to = consent.guardianEmail ? `, to ${mask ? maskedEmail(consent.guardianEmail) : consent.guardianEmail}` : '';
    return `Confirmed by the guardian — ${consent.confirmedAt ? staffTime(consent.confirmedAt, timeZone) : staffDay(consent.givenOn)}${to}`;
  }
  return `Recorded by the school in person — ${consent.recordedBy ? `by ${consent.recordedBy}, ` : ''}${staffDayOf(consent.recordedAt, timeZone)}`;
}

const CHILD_LABELS: Record<string, string> = {
  name: 'Name',
  class: 'Class',
  admissionNumber: 'Admission number',
  ...Object.fromEntries(
    CONSENT_PURPOSES.flatMap((purpose) => {
      const names = consentFieldNames(purpose);
      return [
        [names.givenOn, `${CONSENT_PURPOSE_LABELS[purpose]}, date given`],
        [names.endsOn, `${CONSENT_PURPOSE_LABELS[purpose]}, end date`],
      ];
    }),
  ),
};

/** A field's words in the error summary: a consent's dates say which consent. */
function childFieldLabel(name: string): string {
  return CHILD_LABELS[name] ?? name;
}

/** The whole form: the fields, the outcome of the last post, and one submit button (`intent`). */
export function ChildForm({
  intent,
  button,
  outcome,
  values,
  busy,
}: {
  intent: string;
  button: string;
  outcome: { error: string; errors: Record<string, string> } | undefined;
  values: FormValues;
  busy: boolean;
}) {
  return (
    <Form method="post" className="settings-form">
      <CsrfField />
      <FormMessage error={outcome?.error} errors={outcome?.errors} labelOf={childFieldLabel} />
      <ChildFields values={values} errors={outcome?.errors ?? {}} />
      <p>
        <button className="btn" type="submit" name="intent" value={intent} disabled={busy}>
          {button}
        </button>
      </p>
    </Form>
  );
}
