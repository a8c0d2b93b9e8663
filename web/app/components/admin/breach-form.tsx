import { useRef } from 'react';
import { Form } from 'react-router';
import {
  BREACH_DATA_KINDS,
  BREACH_DATA_LABELS,
  BREACH_FIELD_LABELS,
  BREACH_PEOPLE,
  BREACH_PEOPLE_LABELS,
  type BreachDraft,
  type BreachFacts,
} from '@sthsm/contract/breaches';
import { CsrfField, EditField, FormMessage } from './fields';
import { KeptTextNote } from './editor-parts';
import { useKeptText } from './kept-text';
import { zoneName } from '../../lib/staff/admin-time';

// The fields of a breach record (issue 37), shared by "Record a breach" and a record's page. Their
// names are the API's (`breachBody` in @sthsm/contract/breaches); times are the school's wall time
// as datetime-local fields give them. The register keeps no names of affected people.

export interface Breach extends BreachFacts {
  id: string;
  closedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  local: Record<string, string>;
  clock: { dueAt: string; state: 'left' | 'overdue' | 'sent'; hours: number; text: string };
}

export type { BreachDraft };

/** What the form holds: text per field, and the ticked boxes of the two lists. */
export type BreachValues = Record<string, string | string[]>;

/** The outcome of a refused save: the message, each field's, and what was typed (kept in the form). */
export interface BreachOutcome {
  error: string;
  errors: Record<string, string>;
  values: BreachValues;
  /** After a conflict: the version saved now (the next save replaces it). */
  currentVersion?: number;
}

const LISTS = new Set(['dataKinds', 'whose']);

/** The form post as the API's body: each field's text, the lists as arrays. */
export function breachValuesOf(form: FormData): BreachValues {
  const values: BreachValues = {};
  for (const name of Object.keys(BREACH_FIELD_LABELS)) {
    values[name] = LISTS.has(name) ? form.getAll(name).map(String) : String(form.get(name) ?? '');
  }
  return values;
}

const asText = (v: string | number | null) => (v === null ? '' : String(v));

/** The form's values of a stored record. */
export function valuesOfBreach(b: Breach): BreachValues {
  return {
    whatHappened: b.whatHappened,
    happenedAt: b.local.happenedAt ?? '',
    awareAt: b.local.awareAt ?? '',
    place: asText(b.place),
    dataKinds: b.dataKinds,
    dataOther: asText(b.dataOther),
    whose: b.whose,
    peopleCount: asText(b.peopleCount),
    consequences: asText(b.consequences),
    containment: asText(b.containment),
    safetySteps: asText(b.safetySteps),
    cause: asText(b.cause),
    prevention: asText(b.prevention),
    boardIntimationAt: b.local.boardIntimationAt ?? '',
    boardReportAt: b.local.boardReportAt ?? '',
    peopleToldAt: b.local.peopleToldAt ?? '',
    peopleToldCount: asText(b.peopleToldCount),
  };
}

const labelOf = (name: string) => (BREACH_FIELD_LABELS as Record<string, string>)[name] ?? name;

function Boxes({
  name,
  legend,
  hint,
  options,
  checked,
  error,
}: {
  name: string;
  legend: string;
  hint: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  checked: readonly string[];
  error: string | undefined;
}) {
  const id = `field-${name}`;
  return (
    <fieldset
      id={id}
      className={`breach-group${error ? ' field--invalid' : ''}`}
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
    >
      <legend>{legend}</legend>
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
      {options.map((o) => (
        <div className="admin-check" key={o.value}>
          <input id={`${id}-${o.value}`} type="checkbox" name={name} value={o.value} defaultChecked={checked.includes(o.value)} />
          <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
        </div>
      ))}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The whole form: the facts, then the notices sent. `version` is posted for the optimistic check. */
export function BreachForm({
  values,
  outcome,
  timeZone,
  version,
  button,
  kept: keeping,
}: {
  values: BreachValues;
  outcome: BreachOutcome | undefined;
  timeZone: string;
  version?: number;
  button: string;
  /**
   * Where this tab keeps the typed text through a save that meets an ended session (components/admin/kept-text.ts):
   * the key, the page's answer that drops it (a refused save, or the saved version), and other keys to drop then.
   */
  kept: { key: string; answer: unknown; others?: readonly string[] };
}) {
  const form = useRef<HTMLFormElement>(null);
  const kept = useKeptText(keeping.key, form, keeping.answer, () => {}, keeping.others);
  const errors = outcome?.errors ?? {};
  const text = (name: string) => {
    const v = values[name];
    return typeof v === 'string' ? v : '';
  };
  const list = (name: string) => {
    const v = values[name];
    return Array.isArray(v) ? v : v ? [v] : [];
  };
  const zone = `In the school\u2019s time zone, ${zoneName(timeZone)}.`;
  const long = (name: string, hint?: string) => (
    <EditField name={name} label={labelOf(name)} value={text(name)} error={errors[name]} rows={3} {...(hint ? { hint } : {})} />
  );
  return (
    <Form method="post" className="admin-form breach-form" noValidate ref={form} onSubmit={kept.keep}>
      <CsrfField />
      {version !== undefined ? <input type="hidden" name="version" value={kept.version || version} /> : null}
      {kept.restored ? <KeptTextNote /> : null}
      <FormMessage error={outcome?.error} errors={errors} labelOf={labelOf} />
      <EditField
        name="whatHappened"
        label={labelOf('whatHappened')}
        value={text('whatHappened')}
        error={errors.whatHappened}
        rows={5}
        required
        hint="What went wrong, in plain words. Keep no names of affected people in the register: describe the kinds of data and people, and counts only."
      />
      <EditField
        name="awareAt"
        label={labelOf('awareAt')}
        type="datetime-local"
        value={text('awareAt')}
        error={errors.awareAt}
        required
        hint={`The 72-hour clock of the report to the Data Protection Board starts here. ${zone}`}
      />
      <EditField
        name="happenedAt"
        label={`${labelOf('happenedAt')} (if known)`}
        type="datetime-local"
        value={text('happenedAt')}
        error={errors.happenedAt}
        hint={`Leave empty if it is not known yet. ${zone}`}
      />
      <EditField
        name="place"
        label={labelOf('place')}
        value={text('place')}
        error={errors.place}
        hint="Which system or place: the office e-mail, the website, a staff laptop, a filing cabinet."
      />
      <Boxes
        name="dataKinds"
        legend={labelOf('dataKinds')}
        hint="Tick every kind of personal data involved."
        options={BREACH_DATA_KINDS.map((k) => ({ value: k, label: BREACH_DATA_LABELS[k] }))}
        checked={list('dataKinds')}
        error={errors.dataKinds}
      />
      <EditField
        name="dataOther"
        label={labelOf('dataOther')}
        value={text('dataOther')}
        error={errors.dataOther}
        hint="If you ticked Other: what it is."
      />
      <Boxes
        name="whose"
        legend={labelOf('whose')}
        hint="Groups of people only: the register keeps no names of affected people."
        options={BREACH_PEOPLE.map((p) => ({ value: p, label: BREACH_PEOPLE_LABELS[p] }))}
        checked={list('whose')}
        error={errors.whose}
      />
      <EditField
        name="peopleCount"
        label={labelOf('peopleCount')}
        value={text('peopleCount')}
        error={errors.peopleCount}
        hint="A number; leave empty if it is not known yet. Counts only, never names."
      />
      {long('consequences', 'What could happen to them: unwanted calls, fraud, embarrassment, risk to a child\u2019s safety…')}
      {long('containment')}
      {long('safetySteps', 'For the notice to each affected person: what they can do, such as ignoring calls that ask for money.')}
      {long('cause', 'What is known so far: a mistake, a lost device, an attack, a supplier.')}
      {long('prevention')}
      <fieldset className="breach-group">
        <legend>Notices sent</legend>
        <p className="field-hint">{zone} Fill each in when it is done; the 72-hour clock stops when the report is marked sent.</p>
        <EditField
          name="boardIntimationAt"
          label={labelOf('boardIntimationAt')}
          type="datetime-local"
          value={text('boardIntimationAt')}
          error={errors.boardIntimationAt}
        />
        <EditField
          name="boardReportAt"
          label={labelOf('boardReportAt')}
          type="datetime-local"
          value={text('boardReportAt')}
          error={errors.boardReportAt}
        />
        <EditField
          name="peopleToldAt"
          label={labelOf('peopleToldAt')}
          type="datetime-local"
          value={text('peopleToldAt')}
          error={errors.peopleToldAt}
        />
        <EditField
          name="peopleToldCount"
          label={labelOf('peopleToldCount')}
          value={text('peopleToldCount')}
          error={errors.peopleToldCount}
          hint="A number of people, never their names."
        />
      </fieldset>
      <div className="admin-button-row">
        <button className="btn" type="submit" name="intent" value="save">
          {button}
        </button>
      </div>
    </Form>
  );
}

/** The start of what happened, for the list: one line of at most about 120 characters. */
export function breachTitle(b: Pick<Breach, 'whatHappened'>): string {
  const line = b.whatHappened.split('\n')[0]?.trim() ?? '';
  return line.length > 120 ? `${line.slice(0, 117).trimEnd()}…` : line;
}

export function BreachClock({ breach }: { breach: Pick<Breach, 'clock'> }) {
  return (
    <p className={`breach-clock${breach.clock.state === 'overdue' ? ' breach-clock--overdue' : ''}`}>
      {breach.clock.text}
      {breach.clock.state === 'sent' ? '' : '.'}
    </p>
  );
}
