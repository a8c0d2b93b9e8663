import type { BreachDraft, BreachFacts } from '@sthsm/contract/breaches';
import {
  BREACH_DATA_LABELS,
  BREACH_FIELD_LABELS,
  BREACH_PEOPLE_LABELS,
  BREACH_REPORT_HOURS,
  type BreachField,
} from '@sthsm/contract/breaches';
import type { BreachContact } from '../repositories/breaches.ts';

// The notices of a personal-data breach (issue 37; docs/decisions/0149), drafted from the facts the
// register holds, never from words of our own: to each affected person (DPDP Rules 2025 r.7(1)),
// the intimation to the Board without delay (r.7(2)(a)) and the report within 72 hours (r.7(2)(b)),
// under the Act's s.8(6). A fact a draft needs and the record lacks is said plainly in the text
// ("[still to fill in: …]") and listed, so the administrator fills it in rather than sending a
// notice with invented words. Pure: the same facts, school and clock give the same text.

export type { BreachDraft, BreachFacts };

export interface DraftContext {
  schoolName: string;
  contact: BreachContact;
  timeZone: string;
}

const CONTACT_MISSING = 'The school\u2019s data protection contact (Settings)';

/** "10 December 2026, 9:30 am India Standard Time". */
export function draftTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(at);
  const zone = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return `${when} ${zone?.value ?? timeZone}`;
}

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** One draft's writer: each fact in words, or the plain "[still to fill in: …]" noted as missing. */
function writer(facts: BreachFacts, context: DraftContext) {
  const missing: string[] = [];
  const gap = (label: string) => {
    if (!missing.includes(label)) missing.push(label);
    return `[still to fill in: ${label}]`;
  };
  const field = (name: BreachField) => {
    const value = facts[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : gap(BREACH_FIELD_LABELS[name]);
  };
  const time = (iso: string) => draftTime(iso, context.timeZone);
  const kinds = () => {
    const words = facts.dataKinds.map((k) =>
      k === 'other'
        ? (facts.dataOther ?? 'other personal data')
        : BREACH_DATA_LABELS[k].toLowerCase().replace('e-mail, phone', 'e-mail addresses and phone numbers'),
    );
    return words.length > 0 ? list(words) : gap(BREACH_FIELD_LABELS.dataKinds);
  };
  const whose = () =>
    facts.whose.length > 0 ? list(facts.whose.map((p) => BREACH_PEOPLE_LABELS[p].toLowerCase())) : gap(BREACH_FIELD_LABELS.whose);
  const count = () =>
    facts.peopleCount === null
      ? gap(BREACH_FIELD_LABELS.peopleCount)
      : `about ${facts.peopleCount} ${facts.peopleCount === 1 ? 'person' : 'people'}`;
  const happened = () =>
    facts.happenedAt
      ? `on ${time(facts.happenedAt)}`
      : `at a time not known yet ${gap(`${BREACH_FIELD_LABELS.happenedAt} (once it is known)`)}`;
  const contact = () => {
    const ways = [
      ...(context.contact.email ? [`e-mail ${context.contact.email}`] : []),
      ...(context.contact.phone ? [`phone ${context.contact.phone}`] : []),
    ];
    if (ways.length === 0) return gap(CONTACT_MISSING);
    const reach = list(ways).replace(' and ', ' or ');
    return context.contact.name ? `${context.contact.name}, ${reach}` : reach;
  };
  const due = () => time(new Date(Date.parse(facts.awareAt) + BREACH_REPORT_HOURS * 3_600_000).toISOString());
  return { missing, field, time, kinds, whose, count, happened, contact, due };
}

/** To each affected person, r.7(1): nature, extent, timing and location; consequences; measures; what they can do; whom to ask. */
function peopleNotice(facts: BreachFacts, context: DraftContext): BreachDraft {
  const w = writer(facts, context);
  const school = context.schoolName;
  const text = [
    `Subject: A personal data breach at ${school} that concerns your data`,
    '',
    'Dear Sir or Madam,',
    '',
    `We are writing to tell you about a personal data breach at ${school} that concerns personal data about you or your child.`,
    '',
    `What happened: ${w.field('whatHappened')}`,
    `When: it happened ${w.happened()}; the school became aware of it on ${w.time(facts.awareAt)}.`,
    `Where: ${w.field('place')}`,
    `Which data: ${w.kinds()} of ${w.whose()}; ${w.count()} are affected.`,
    '',
    `What this may mean for you: ${w.field('consequences')}`,
    '',
    `What the school has done to contain it and reduce the harm: ${w.field('containment')}`,
    '',
    `What you can do to protect yourself: ${w.field('safetySteps')}`,
    '',
    `If you have any questions about this breach, please contact the school: ${w.contact()}.`,
    '',
    school,
  ].join('\n');
  return { key: 'people', title: 'Notice to each affected person', rule: 'DPDP Rules 2025, rule 7(1)', text, missing: w.missing };
}

/** To the Board without delay, r.7(2)(a): nature, extent, timing and location, likely impact. */
function boardIntimation(facts: BreachFacts, context: DraftContext): BreachDraft {
  const w = writer(facts, context);
  const school = context.schoolName;
  const text = [
    'To: The Data Protection Board of India',
    `Subject: Intimation of a personal data breach — ${school}`,
    '',
    `${school}, as Data Fiduciary, intimates the Board of a personal data breach, under section 8(6) of the Digital Personal Data Protection Act, 2023 and rule 7(2)(a) of the Digital Personal Data Protection Rules, 2025.`,
    '',
    `Nature of the breach: ${w.field('whatHappened')}`,
    `Extent: ${w.kinds()} of ${w.whose()}; ${w.count()} affected.`,
    `Timing: it occurred ${w.happened()}; the school became aware of it on ${w.time(facts.awareAt)}.`,
    `Location: ${w.field('place')}`,
    `Likely impact on the affected people: ${w.field('consequences')}`,
    '',
    `A detailed report will follow within 72 hours of the school becoming aware of the breach, by ${w.due()}.`,
    '',
    `Contact for this breach: ${w.contact()}.`,
    '',
    school,
  ].join('\n');
  return {
    key: 'intimation',
    title: 'Intimation to the Data Protection Board (without delay)',
    rule: 'DPDP Rules 2025, rule 7(2)(a)',
    text,
    missing: w.missing,
  };
}

/** To the Board within 72 hours, r.7(2)(b): updated facts, circumstances and reasons, mitigation, findings, remedies, intimations given. */
function boardReport(facts: BreachFacts, context: DraftContext): BreachDraft {
  const w = writer(facts, context);
  const school = context.schoolName;
  const intimated = facts.boardIntimationAt
    ? `Further to our intimation of ${w.time(facts.boardIntimationAt)}, ${school}`
    : `${school} (intimation sent on ${w.field('boardIntimationAt')})`;
  const told = () =>
    facts.peopleToldAt && facts.peopleToldCount !== null
      ? `The affected people were told on ${w.time(facts.peopleToldAt)}: ${facts.peopleToldCount} ${facts.peopleToldCount === 1 ? 'person was' : 'people were'} sent the notice.`
      : facts.peopleToldAt
        ? `The affected people were told on ${w.time(facts.peopleToldAt)}; ${w.field('peopleToldCount')}.`
        : `${w.field('peopleToldAt')}; ${w.field('peopleToldCount')}.`;
  const text = [
    'To: The Data Protection Board of India',
    `Subject: Report on a personal data breach — ${school}`,
    '',
    `${intimated} reports on the personal data breach under section 8(6) of the Digital Personal Data Protection Act, 2023 and rule 7(2)(b) of the Digital Personal Data Protection Rules, 2025, within 72 hours of becoming aware of it on ${w.time(facts.awareAt)}.`,
    '',
    `1. Updated and detailed information: ${w.field('whatHappened')} Data concerned: ${w.kinds()} of ${w.whose()}; ${w.count()} affected. Where: ${w.field('place')}. When: it occurred ${w.happened()}.`,
    '',
    `2. The broad facts of the events, circumstances and reasons leading to the breach: ${w.field('cause')}`,
    '',
    `3. Measures implemented or proposed to mitigate the risk: ${w.field('containment')}`,
    '',
    `4. Findings about the person who caused the breach: ${w.field('cause')}`,
    '',
    `5. Remedial measures taken to prevent it happening again: ${w.field('prevention')}`,
    '',
    `6. Intimations given to the affected people: ${told()}`,
    '',
    `Likely consequences for the affected people: ${w.field('consequences')}`,
    '',
    `Contact for this breach: ${w.contact()}.`,
    '',
    school,
  ].join('\n');
  return {
    key: 'report',
    title: 'Report to the Data Protection Board (within 72 hours)',
    rule: 'DPDP Rules 2025, rule 7(2)(b)',
    text,
    missing: w.missing,
  };
}

/** The three notices of a breach, each with what it still needs. */
export function breachDrafts(facts: BreachFacts, context: DraftContext): BreachDraft[] {
  return [peopleNotice(facts, context), boardIntimation(facts, context), boardReport(facts, context)];
}
