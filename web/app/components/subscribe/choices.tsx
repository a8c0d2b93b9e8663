import type { ReactNode } from 'react';
import { EMAIL_FREQUENCIES, SUBSCRIPTION_TOPICS, type EmailFrequency, type SubscriptionTopic } from '@sthsm/contract/subscriptions';
import { useI18n, type Translate } from '../../i18n/i18n';
import { FREQUENCY_KEYS, SUBSCRIBE_LABEL_KEYS, TOPIC_KEYS } from './words';

// The parts the subscription pages share (/subscribe, /subscribe/manage): the topics and frequency
// fieldsets, the summary of a form's errors, and a notice line. Plain server-rendered markup: these
// pages load no React (docs/decisions/0076); islands/subscribe.ts moves focus to a summary or notice.

/** What a subscription form was sent with, as typed (so that nothing chosen is lost on an error). */
export interface ChoiceValues {
  email: string;
  topics: string[];
  frequency: string;
}

export const DEFAULT_CHOICES: ChoiceValues = {
  email: '',
  topics: SUBSCRIPTION_TOPICS.map((t) => t.value),
  frequency: 'instant',
};

/** Reads a subscription form; the schema (@sthsm/contract/subscriptions) checks what this returns. */
export function readChoices(formData: FormData): ChoiceValues {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    email: text('email'),
    topics: formData.getAll('topics').filter((v): v is string => typeof v === 'string'),
    frequency: text('frequency'),
  };
}

export type FieldErrors = Partial<Record<'email' | 'topics' | 'frequency', string>>;

/** Only the messages of fields a form shows (the API may name others). */
export function knownErrors(errors: Record<string, string>): FieldErrors {
  const known: FieldErrors = {};
  for (const field of ['email', 'topics', 'frequency'] as const) if (errors[field]) known[field] = errors[field];
  return known;
}

/** The words of a subscription's topics and frequency, for the confirmation and the manage page. */
export function describeTopics(t: Translate, topics: readonly SubscriptionTopic[]): string[] {
  return SUBSCRIPTION_TOPICS.filter((topic) => topics.includes(topic.value)).map((topic) => t(TOPIC_KEYS[topic.value]));
}
export function describeFrequency(t: Translate, frequency: EmailFrequency): string {
  return EMAIL_FREQUENCIES.some((f) => f.value === frequency) ? t(FREQUENCY_KEYS[frequency]) : frequency;
}

export const errorId = (prefix: string, field: string) => `${prefix}-${field}-error`;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id}>
      <span aria-hidden="true">! </span>
      {message}
    </p>
  ) : null;
}

/** "What to hear about": one checkbox per topic (`prefix` keeps the ids of two such lists on a page apart). */
export function TopicChoices({ prefix, checked, error }: { prefix: string; checked: readonly string[]; error?: string | undefined }) {
  const { t } = useI18n();
  const id = errorId(prefix, 'topics');
  return (
    <fieldset id={`${prefix}-topics`} className={`choices${error ? ' choices--invalid' : ''}`} aria-describedby={error ? id : undefined}>
      <legend>{t('forms.subscribe.topics')}</legend>
      <FieldError id={id} message={error} />
      {SUBSCRIPTION_TOPICS.map((topic) => (
        <div className="choice" key={topic.value}>
          <input
            type="checkbox"
            id={`${prefix}-topic-${topic.value}`}
            name="topics"
            value={topic.value}
            defaultChecked={checked.includes(topic.value)}
          />
          <label htmlFor={`${prefix}-topic-${topic.value}`}>{t(TOPIC_KEYS[topic.value])}</label>
        </div>
      ))}
    </fieldset>
  );
}

/** "How often": one radio button per frequency. */
export function FrequencyChoices({ prefix, checked, error }: { prefix: string; checked: string; error?: string | undefined }) {
  const { t } = useI18n();
  const id = errorId(prefix, 'frequency');
  return (
    <fieldset id={`${prefix}-frequency`} className={`choices${error ? ' choices--invalid' : ''}`} aria-describedby={error ? id : undefined}>
      <legend>{t('forms.subscribe.frequency')}</legend>
      <FieldError id={id} message={error} />
      {EMAIL_FREQUENCIES.map((frequency) => (
        <div className="choice" key={frequency.value}>
          <input
            type="radio"
            id={`${prefix}-frequency-${frequency.value}`}
            name="frequency"
            value={frequency.value}
            defaultChecked={checked === frequency.value}
          />
          <label htmlFor={`${prefix}-frequency-${frequency.value}`}>{t(FREQUENCY_KEYS[frequency.value])}</label>
        </div>
      ))}
    </fieldset>
  );
}

/** Where a summary's link for a field leads: the email box, or a group's first control. */
const targetOf = (prefix: string, field: keyof FieldErrors) =>
  field === 'email'
    ? `${prefix}-email`
    : field === 'topics'
      ? `${prefix}-topic-${SUBSCRIPTION_TOPICS[0].value}`
      : `${prefix}-frequency-${EMAIL_FREQUENCIES[0].value}`;

/** The list of a form's errors at its top, each a link to its field; islands/subscribe.ts focuses it. */
export function ErrorSummary({ prefix, errors }: { prefix: string; errors: FieldErrors }) {
  const { t } = useI18n();
  const fields = (['email', 'topics', 'frequency'] as const).filter((field) => errors[field]);
  if (fields.length === 0) return null;
  return (
    <div className="error-summary" id={`${prefix}-summary`} role="alert" tabIndex={-1} aria-labelledby={`${prefix}-summary-title`}>
      <h3 id={`${prefix}-summary-title`}>{t('forms.subscribe.summary', { count: fields.length })}</h3>
      <ul>
        {fields.map((field) => (
          <li key={field}>
            <a href={`#${targetOf(prefix, field)}`}>
              <span className="error-summary-field">{t(SUBSCRIBE_LABEL_KEYS[field])}: </span>
              {errors[field]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A form's answer line: a status (success) or an alert (failure), focusable so the island can move focus to it. */
export function Notice({ id, kind, text }: { id: string; kind: 'success' | 'failure'; text: ReactNode }) {
  return kind === 'success' ? (
    <output id={id} tabIndex={-1} className="form-notice form-notice--success subscribe-notice">
      {text}
    </output>
  ) : (
    <div id={id} tabIndex={-1} role="alert" className="form-notice form-notice--failure subscribe-notice">
      {text}
    </div>
  );
}
