import { useEffect, useRef, useState } from 'react';
import { data, Form, Link, useNavigation, useRouteLoaderData } from 'react-router';
import type { SchoolProfileRecord } from '@sthsm/contract';
import { CREST_MIN_PX } from '@sthsm/contract/brand';
import { LANGUAGES, MAX_SITE_LANGUAGES, SITE_LANGUAGES, isSiteLanguage } from '@sthsm/contract/languages';
import {
  formFromProfile,
  MAX_ADDRESS_LINES,
  MAX_PHONES,
  mergeSettingsForm,
  parseSettingsForm,
  SETTINGS_CONFLICT,
  SETTINGS_INVALID,
} from '@sthsm/contract/settings';
import type { Route } from './+types/settings';
import { CsrfField, FormMessage } from '../../components/admin/fields';
import { FileRefs } from '../../components/admin/file-refs';
import { SettingField, settingId, type SettingFieldProps } from '../../components/admin/setting-field';
import { useUnsavedChanges } from '../../components/admin/unsaved-changes';
import { adminApi, fail, formValues, schoolPath, type StaffContext } from '../../lib/staff/admin-api.server';
import { loadMediaByRefs } from '../../lib/staff/album-media.server';
import type { MediaItem } from '../../lib/staff/media';
import { adminMeta } from '../../lib/staff/admin-meta';
import { TRANSLATED } from '../../i18n/catalogues.server';
import { clearDraft, differs, fillForm, readDraft, saveDraft, type SettingsDraft } from '../../lib/staff/settings-draft';
import '../../styles/admin-media.css';
import '../../styles/admin-settings.css';

// The school's settings (STAFF.md: /admin/settings, administrators only): every fact the header,
// footer, contact and school-information pages show, and the school's brand (crest, colours, share
// image), in one form that works without JavaScript. Only the name is required (a new school starts
// with its name alone, docs/decisions/0132); a fact left empty is not shown on the site.
// The action checks the post with the contract's profile schema (parseSettingsForm) before the API
// checks it again with the same schema; errors stand under their fields with the typed values kept.
// A save based on an older version is refused (409): the typed values stay, the fields someone
// else changed are listed, and saving again saves over them on purpose.

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('School settings', matches);
}

type Field = Omit<SettingFieldProps, 'values' | 'errors'>;
interface Group {
  id: string;
  legend: string;
  intro?: string;
  fields: Field[];
  /** The group's pictures, chosen from the media library (the brand's crest and share image). */
  pictures?: Array<{ name: string; label: string; hint: string }>;
}

/** Said of a group whose facts go together (the site shows all of them or none). */
const WHOLE = 'Fill in all of these, or leave them all empty if the site should not show them.';

const phoneFields = (i: number): Field[] => [
  { name: `phones.${i}.label`, label: `Phone ${i + 1} label`, hint: i === 0 ? 'For example: Office.' : undefined },
  { name: `phones.${i}.number`, label: `Phone ${i + 1} number`, kind: 'tel' },
];

/** The form, group by group, in the order a school thinks of itself. */
const GROUPS: Group[] = [
  {
    id: 'identity',
    legend: 'Name and identity',
    fields: [
      { name: 'name', label: 'School name', required: true },
      { name: 'shortName', label: 'Short name', hint: 'Where space is short, like the mobile header.' },
      { name: 'fullName', label: 'Full name', hint: 'One line for headers and page titles, with the place.' },
      { name: 'tagline', label: 'Tagline' },
      { name: 'motto', label: 'Motto' },
      { name: 'vision', label: 'Vision', kind: 'long' },
      { name: 'about', label: 'About the school', kind: 'long', hint: 'A few sentences for the home page and search engines.' },
      { name: 'established', label: 'Year of establishment', kind: 'year' },
    ],
  },
  {
    id: 'contact',
    legend: 'Phone numbers and e-mail',
    intro: `Up to ${MAX_PHONES} numbers; the first is the one the header shows. Leave a row empty to drop it.`,
    fields: [
      ...Array.from({ length: MAX_PHONES }, (_, i) => phoneFields(i)).flat(),
      { name: 'email', label: 'Main e-mail', kind: 'email' },
      { name: 'emails.office', label: 'Office e-mail', kind: 'email' },
      { name: 'emails.admissions', label: 'Admissions e-mail', kind: 'email' },
      { name: 'emails.principal', label: 'Principal\u2019s office e-mail', kind: 'email' },
      { name: 'website', label: 'Website', kind: 'url' },
    ],
  },
  {
    id: 'address',
    legend: 'Address and map',
    intro: `The postal address (lines, city, state, postal code, country) and the map each go together: ${WHOLE.charAt(0).toLowerCase()}${WHOLE.slice(1)}`,
    fields: [
      ...Array.from({ length: MAX_ADDRESS_LINES }, (_, i): Field => ({
        name: `address.lines.${i}`,
        label: `Address line ${i + 1}`,
      })),
      { name: 'address.city', label: 'City' },
      { name: 'address.state', label: 'State' },
      { name: 'address.postalCode', label: 'Postal code' },
      { name: 'address.country', label: 'Country' },
      { name: 'addressLine', label: 'Address on one line', hint: 'As the footer and the school information table print it.' },
      {
        name: 'map.embedUrl',
        label: 'Map embed address',
        kind: 'url',
        hint: 'From openstreetmap.org: Share, then HTML; copy the address inside src="…".',
      },
      { name: 'map.linkUrl', label: 'Map link', kind: 'url', hint: 'Where "View larger map" goes.' },
      { name: 'map.latitude', label: 'Latitude', kind: 'decimal', hint: 'For example 26.8467.' },
      { name: 'map.longitude', label: 'Longitude', kind: 'decimal', hint: 'For example 80.9462.' },
    ],
  },
  {
    id: 'social',
    legend: 'Social media links',
    intro: 'Leave a network empty if the school is not on it; the site then shows no icon for it.',
    fields: [
      { name: 'social.facebook', label: 'Facebook page', kind: 'url' },
      { name: 'social.instagram', label: 'Instagram page', kind: 'url' },
      { name: 'social.youtube', label: 'YouTube channel', kind: 'url' },
      { name: 'social.x', label: 'X (Twitter) page', kind: 'url' },
    ],
  },
  {
    id: 'app',
    legend: 'School app',
    intro: WHOLE,
    fields: [
      { name: 'app.name', label: 'App name' },
      { name: 'app.iosUrl', label: 'App Store link', kind: 'url' },
      { name: 'app.androidUrl', label: 'Google Play link', kind: 'url' },
      { name: 'app.schoolCode', label: 'App school code', hint: 'What parents type into the app to find the school.' },
    ],
  },
  {
    id: 'portal',
    legend: 'Parent portal and ERP',
    intro: 'The help desk\u2019s hours, phone and e-mail go together, and so do the ERP provider and its website.',
    fields: [
      { name: 'parentPortal.loginUrl', label: 'Parent login link', kind: 'url' },
      { name: 'parentPortal.helpDesk.hours', label: 'Help desk hours' },
      { name: 'parentPortal.helpDesk.phone', label: 'Help desk phone', kind: 'tel' },
      { name: 'parentPortal.helpDesk.email', label: 'Help desk e-mail', kind: 'email' },
      { name: 'erp.provider', label: 'ERP provider' },
      { name: 'erp.url', label: 'ERP provider website', kind: 'url' },
    ],
  },
  {
    id: 'principal',
    legend: 'Principal',
    intro: 'With the principal\u2019s name, give their title too.',
    fields: [
      { name: 'principal.name', label: 'Principal\u2019s name' },
      { name: 'principal.title', label: 'Principal\u2019s title', hint: 'For example: Principal.' },
      { name: 'principal.address', label: 'Principal\u2019s address' },
      { name: 'principal.email', label: 'Principal\u2019s e-mail', kind: 'email' },
      { name: 'principal.phone', label: 'Principal\u2019s phone', kind: 'tel' },
    ],
  },
  {
    id: 'privacy',
    legend: 'Data protection contact',
    intro:
      'The person who answers questions about the personal data the site collects. The privacy notice names them, and the site is not ready to go live without a name and an e-mail address.',
    fields: [
      { name: 'privacyContact.name', label: 'Data protection contact', hint: 'A name or a role, for example: The Administrative Officer.' },
      { name: 'privacyContact.email', label: 'Data protection contact\u2019s e-mail', kind: 'email' },
      { name: 'privacyContact.phone', label: 'Data protection contact\u2019s phone', kind: 'tel' },
    ],
  },
  {
    id: 'languages',
    legend: 'Languages',
    intro:
      'The site is always in English. Choose up to two more languages parents read: each gets the site\u2019s menus, buttons and messages in that language at its own addresses (for Hindi, /hi/news and so on), and a language switcher on every page. Text not yet translated shows in English with a note.',
    fields: Array.from({ length: MAX_SITE_LANGUAGES }, (_, i) => ({
      name: `languages.${i}`,
      label: `Language ${i + 2}`,
      kind: 'choice' as const,
      hint: i === 0 ? 'For example Hindi, or the state\u2019s language.' : undefined,
      // Every language of the list; the page offers those whose words are written (and one already chosen).
      options: [['', 'None'] as const, ...SITE_LANGUAGES.map((l) => [l, `${LANGUAGES[l].english} (${LANGUAGES[l].name})`] as const)],
    })),
  },
  {
    id: 'facts',
    legend: 'School information',
    intro: 'The facts of the school information page.',
    fields: [
      { name: 'trust', label: 'Trust' },
      { name: 'board', label: 'Board' },
      { name: 'examinations', label: 'Examinations' },
      { name: 'affiliationNo', label: 'Affiliation number' },
      { name: 'affiliatedSince', label: 'Affiliated since', kind: 'year' },
      { name: 'medium', label: 'Medium of instruction' },
      { name: 'schoolType', label: 'Type of school' },
      { name: 'academicSession', label: 'Academic session' },
      { name: 'vacation', label: 'Vacation' },
    ],
  },
  {
    id: 'footer',
    legend: 'Footer',
    intro: 'Without a copyright year the footer\u2019s copyright line has none; the web developer credit needs both its name and website.',
    fields: [
      { name: 'copyrightYear', label: 'Copyright year', kind: 'year' },
      { name: 'developer.name', label: 'Web developer' },
      { name: 'developer.url', label: 'Web developer website', kind: 'url' },
    ],
  },
  {
    id: 'brand',
    legend: 'Crest and colours',
    intro:
      'How the site looks: the crest by the school\u2019s name and as the browser and phone icon, and the two colours of the menu, buttons and headings.',
    pictures: [
      {
        name: 'brand.crest',
        label: 'Crest',
        hint: `A PNG, WebP or JPEG picture of at least ${CREST_MIN_PX} pixels wide or high (an SVG cannot be uploaded: save it as a PNG first). The site\u2019s icons are made from it.`,
      },
      {
        name: 'brand.shareImage',
        label: 'Share image',
        hint: 'The picture a link to the site shows when shared (WhatsApp, Facebook) and the page has none of its own; best 1200 \u00d7 630 pixels.',
      },
    ],
    fields: [
      {
        name: 'brand.primary',
        label: 'Primary colour',
        hint: 'As # and six digits, for example #12386b. The menu, buttons and headings; white text goes on it, so it must be dark enough.',
      },
      {
        name: 'brand.accent',
        label: 'Accent colour',
        hint: 'As # and six digits, for example #b8860b. Lines and highlights; dark text goes on it, so it must be light enough.',
      },
    ],
  },
];

const LABELS = new Map<string, string>(GROUPS.flatMap((g) => [...g.fields, ...(g.pictures ?? [])].map((f) => [f.name, f.label] as const)));
LABELS.set('phones', 'Phone numbers');
LABELS.set('address.lines', 'Address lines');
LABELS.set('whatsapp', 'WhatsApp number');
LABELS.set('languages', 'Languages');

/**
 * A field's options as the page offers them: a language only when its catalogue is written (a site
 * in a language whose words are missing would be English under another name), or when it is the
 * one already chosen.
 */
function offered(field: Field, values: Record<string, string>, translated: readonly string[]): Field['options'] {
  if (!field.name.startsWith('languages.')) return field.options;
  return field.options?.filter(([value]) => value === '' || translated.includes(value) || values[field.name] === value);
}

/** The words for a profile path (an error's or a changed field's). */
function labelOf(path: string): string {
  const whatsapp = /^phones\.(\d+)\.whatsapp$/.exec(path);
  if (whatsapp) return `WhatsApp number (phone ${Number(whatsapp[1]) + 1})`;
  return LABELS.get(path) ?? path;
}

/** Where an error's link in the summary goes: the field, or the first field of its list. */
function anchorOf(path: string): string {
  if (path === 'phones') return settingId('phones.0.label');
  if (path === 'address.lines') return settingId('address.lines.0');
  if (path === 'whatsapp') return 'whatsapp-0';
  if (path === 'languages') return settingId('languages.0');
  // A picture's field: its "Choose" button (file-refs.tsx).
  if (path === 'brand.crest' || path === 'brand.shareImage') return `field-${path}`;
  return settingId(path);
}

/** An error about a group's list as a whole (no phone number, no address line). */
function listError(group: string, errors: Record<string, string>): string | undefined {
  if (group === 'contact') return errors.phones;
  if (group === 'address') return errors['address.lines'];
  if (group === 'languages') return errors.languages;
  return undefined;
}

export async function loader({ request }: Route.LoaderArgs) {
  const answer = await adminApi<SchoolProfileRecord>(request, `${schoolPath(request)}/settings`);
  if (!answer.ok || !answer.data) fail(answer);
  const { brand } = answer.data.profile;
  const refs = [brand?.crest, brand?.shareImage].filter((r): r is string => Boolean(r));
  // The chosen pictures' thumbnails and names (a refused save's other choice shows by its reference).
  const media: Record<string, MediaItem> = refs.length ? await loadMediaByRefs(request, refs) : {};
  return { record: answer.data, media, translated: TRANSLATED };
}

interface Outcome {
  error: string;
  success: string;
  errors: Record<string, string>;
  /** The typed values (kept after a refusal). */
  values: Record<string, string> | null;
  /** The version the next save is based on. */
  version: number | null;
  /** The values the form was opened with (the base of a later three-way merge); null: the loader's. */
  base: Record<string, string> | null;
  /** After a conflict: fields taken over from the other save. */
  taken: Array<{ label: string; saved: string }>;
  /** After a conflict: fields both changed (the typed value is kept). */
  both: Array<{ label: string; saved: string; yours: string }>;
  /** The library files of the pictures in the form as it comes back (chosen but not saved yet). */
  media: Record<string, MediaItem>;
}

const outcome = (o: Partial<Outcome>): Outcome => ({
  error: '',
  success: '',
  errors: {},
  values: null,
  base: null,
  version: null,
  taken: [],
  both: [],
  media: {},
  ...o,
});

/** The form's base values as posted back (a JSON object of strings), or `fallback`. */
function baseOf(posted: string | undefined, fallback: Record<string, string>): Record<string, string> {
  try {
    const value: unknown = JSON.parse(posted ?? '');
    if (value && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string'))
      return value as Record<string, string>;
  } catch {
    // Not posted or not ours: merge against the saved values (everything typed counts as an edit).
  }
  return fallback;
}

const FORM_RENEWED = 'This form had expired and is renewed now. Your values are kept below: press Save settings again.';

/** A form value in words for the conflict lists. */
function shown(key: string, value: string | undefined): string {
  if (key === 'whatsapp') return value === undefined || value === 'none' ? 'none' : `phone ${Number(value) + 1}`;
  if (key.startsWith('languages.')) return value && isSiteLanguage(value) ? LANGUAGES[value].english : 'none';
  return value?.trim() ? value : '(empty)';
}

/** The library files of the brand's pictures among `values`, for their thumbnails and names. */
async function pictureMedia(request: Request, values: Record<string, string>): Promise<Record<string, MediaItem>> {
  const refs = ['brand.crest', 'brand.shareImage'].flatMap((k) => (values[k] ?? '').split('\n').map((r) => r.trim())).filter(Boolean);
  return refs.length ? loadMediaByRefs(request, refs) : {};
}

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const { csrf = '' } = values;
  const version = Number(values.version);
  const parsed = parseSettingsForm(values);
  const base = baseOf(values.base, {});
  if (!parsed.success) {
    const media = await pictureMedia(request, values);
    return data(outcome({ error: SETTINGS_INVALID, errors: parsed.errors, values, base, version, media }), { status: 400 });
  }
  const answer = await adminApi<SchoolProfileRecord & { changed: string[] }>(request, `${schoolPath(request)}/settings`, {
    method: 'PUT',
    body: { version, profile: parsed.profile },
    csrf,
  });
  if (answer.ok && answer.data) {
    const n = answer.data.changed.length;
    return outcome({
      success:
        n === 0
          ? 'Nothing was different, so nothing was saved.'
          : `Settings saved (${n} ${n === 1 ? 'change' : 'changes'}). The public site shows them now.`,
      version: answer.data.version,
    });
  }
  const problem = (answer.details ?? {}) as { fields?: Record<string, string>; current?: SchoolProfileRecord };
  if (answer.status === 409 && problem.current) {
    // Their edits come in, the typed ones stay, and a field both changed is listed (mergeSettingsForm).
    const saved = formFromProfile(problem.current.profile);
    const merged = mergeSettingsForm(baseOf(values.base, saved), values, saved);
    return data(
      outcome({
        error: SETTINGS_CONFLICT,
        values: merged.values,
        base: saved,
        version: problem.current.version,
        media: await pictureMedia(request, merged.values),
        taken: merged.taken.map((k) => ({ label: labelOf(k), saved: shown(k, saved[k]) })),
        both: merged.both.map((k) => ({ label: labelOf(k), saved: shown(k, saved[k]), yours: shown(k, values[k]) })),
      }),
      { status: 409 },
    );
  }
  // A form token from an older session: the page comes back with the current one, and the typed values.
  const error = answer.status === 403 && /form has expired/i.test(answer.error) ? FORM_RENEWED : answer.error;
  const media = await pictureMedia(request, values);
  return data(outcome({ error, errors: problem.fields ?? {}, values, base, version, media }), { status: answer.status || 503 });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { record } = loaderData;
  const media = { ...loaderData.media, ...actionData?.media };
  const { me } = useRouteLoaderData('routes/admin/signed-in') as StaffContext;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const loaded = formFromProfile(record.profile);
  const values = actionData?.values ?? loaded;
  // A refused save keeps the base it was made from; after a conflict the base is the saved settings.
  const baseValues = actionData?.values ? (actionData.base ?? loaded) : loaded;
  const errors = actionData?.errors ?? {};
  const version = actionData?.version ?? record.version;
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty, 'You have unsaved changes to the school settings. Leave this page and lose them?', busy);
  const whatsapp = values.whatsapp ?? 'none';
  const form = useRef<HTMLFormElement>(null);
  const code = record.code;
  // Unsaved values of this tab (an expired session, a closed page): offered back once on opening.
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  useEffect(() => {
    if (actionData?.success) clearDraft(code);
    if (actionData || !form.current) return;
    const kept = readDraft(code);
    if (kept && differs(kept, form.current)) setDraft(kept);
    else clearDraft(code);
  }, [actionData, code]);

  return (
    <>
      <h1>School settings</h1>
      <p>
        What the website says about {record.profile.name}: its header, footer, contact page and school information, and how it looks. Only
        the school name is required: what you leave empty is not shown. Changes show on the public site as soon as you save.
      </p>
      <nav aria-label="Parts of the settings" className="settings-toc">
        <ul>
          {GROUPS.map((g) => (
            <li key={g.id}>
              <a href={`#${g.id}`}>{g.legend}</a>
            </li>
          ))}
        </ul>
      </nav>
      {draft ? (
        <section className="settings-theirs settings-draft" aria-label="Unsaved changes">
          <p>
            This browser tab has changes you typed at {new Date(draft.savedAt).toLocaleTimeString()} that were not saved (for example
            because your session ended).
          </p>
          <div className="admin-button-row">
            <button
              type="button"
              className="btn"
              onClick={() => {
                if (form.current) fillForm(form.current, draft.values);
                setDirty(true);
                setDraft(null);
              }}
            >
              Restore my changes
            </button>
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => {
                clearDraft(code);
                setDraft(null);
              }}
            >
              Discard them
            </button>
          </div>
        </section>
      ) : null}
      <div className="settings-summary">
        <FormMessage error={actionData?.error} success={actionData?.success} />
        {Object.keys(errors).length > 0 ? (
          <ul className="settings-error-list">
            {Object.entries(errors).map(([path, message]) => (
              <li key={path}>
                <a href={`#${anchorOf(path)}`}>
                  {labelOf(path)}: {message}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {actionData?.taken.length ? (
          <div className="settings-theirs">
            <p>Their changes are now in the form:</p>
            <ul>
              {actionData.taken.map((t) => (
                <li key={t.label}>
                  <strong>{t.label}</strong>: “{t.saved}”
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {actionData?.both.length ? (
          <div className="settings-theirs">
            <p>You both changed these; the form keeps yours. Change them back if theirs is right:</p>
            <ul>
              {actionData.both.map((t) => (
                <li key={t.label}>
                  <strong>{t.label}</strong>: saved “{t.saved}”, yours “{t.yours}”
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      <Form
        method="post"
        noValidate
        className="settings-form"
        key={`${record.version}-${version}-${actionData?.error ?? ''}`}
        ref={form}
        onChange={(event) => {
          setDirty(true);
          saveDraft(code, event.currentTarget);
        }}
        onSubmit={(event) => {
          setDirty(false);
          // Kept until the save succeeds (a typed value may have come before the page's script ran).
          saveDraft(code, event.currentTarget);
        }}
      >
        <CsrfField />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="base" value={JSON.stringify(baseValues)} />
        {GROUPS.map((g) => (
          <fieldset key={g.id} id={g.id} className="settings-group">
            <legend>{g.legend}</legend>
            {g.intro ? <p className="field-hint">{g.intro}</p> : null}
            {listError(g.id, errors) ? <p className="field-error">{listError(g.id, errors)}</p> : null}
            {(g.pictures ?? []).map((p) => (
              <FileRefs
                key={p.name}
                field={{ name: p.name, label: p.label, hint: p.hint, single: true, photosOnly: true }}
                value={values[p.name] ?? ''}
                media={media}
                csrf={me.csrfToken}
                error={errors[p.name]}
                onEdit={() => setDirty(true)}
              />
            ))}
            <div className={`settings-fields settings-fields--${g.id}`}>
              {g.fields.map((f) => (
                <SettingField key={f.name} {...f} options={offered(f, values, loaderData.translated)} values={values} errors={errors} />
              ))}
            </div>
            {g.id === 'contact' ? (
              <fieldset className="settings-radios">
                <legend>Which number is on WhatsApp?</legend>
                {[...Array.from({ length: MAX_PHONES }, (_, i) => String(i)), 'none'].map((v) => (
                  <div className="admin-check" key={v}>
                    <input type="radio" id={`whatsapp-${v}`} name="whatsapp" value={v} defaultChecked={whatsapp === v} />
                    <label htmlFor={`whatsapp-${v}`}>{v === 'none' ? 'None' : `Phone ${Number(v) + 1}`}</label>
                  </div>
                ))}
              </fieldset>
            ) : null}
          </fieldset>
        ))}
        <div className="settings-actions">
          <button className="btn" type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save settings'}
          </button>
          <Link to="/admin">Back to the dashboard</Link>
        </div>
      </Form>
    </>
  );
}
