import type { Generated } from 'kysely';

// Row types of the database. Dates are ISO 8601 TEXT; file-reference arrays are JSON TEXT.

export interface SchoolsTable {
  code: string;
  name: string;
  created_at: string;
  /** Suspended since (migration 2026-12-07-schools): the public site answers 503; null: serving. */
  suspended_at: Generated<string | null>;
}

interface Owned extends Publishable {
  _id: string;
  school_code: string;
  created_at: string;
}
/** The publishing model (migration 2026-11-26-publishing, docs/decisions/0060). */
export interface Publishable {
  /** draft | review | published; Scheduled and Expired are derived from the window. */
  status: Generated<string>;
  /** UTC ISO; null: no limit. */
  publish_at: string | null;
  unpublish_at: string | null;
  /** +1 per save (PostgreSQL integer; SQLite integer). */
  version: Generated<number>;
  updated_at: Generated<string>;
  created_by: string | null;
  updated_by: string | null;
  /** An editor's comment when returning an item to its author. */
  review_note: string | null;
}

export interface NewsTable extends Owned {
  date: string | null;
  from_date: string | null;
  title: string;
  description: string;
  attachments: string;
}
export interface HighlightsTable extends Owned {
  description: string;
  attachments: string;
}
export interface ToppersTable extends Owned {
  name: string;
  class: string;
  division: string;
  stream: string;
  session_year: string;
  attachments: string;
  child_id: string | null;
}
export interface PrincipalMessagesTable extends Owned {
  message: string;
  attachments: string;
}
export interface EventsTable extends Owned {
  title: string;
  description: string;
  date: string | null;
  from_date: string | null;
  location: string;
  venue: string;
  time: string;
  images: string;
  attachments: string;
}
export interface BirthdaysTable extends Owned {
  name: string;
  class: string;
  month_day: string;
  attachments: string;
  child_id: string | null;
}
export interface NotificationsTable extends Owned {
  title: string;
  description: string;
  image: string;
  attachments: string;
  url: string;
  active_from: string;
  active_until: string;
}
export interface AlbumsTable extends Owned {
  title: string;
  description: string;
  category: string;
  date: string | null;
  updated_on: string | null;
  attachments: string;
}
export interface VideosTable extends Owned {
  title: string;
  date: string | null;
  video_url: string;
  attachments: string;
}
export interface FilesTable {
  _id: string;
  path: string;
  content_type: string;
  created_at: string;
}
/** The media library (migration 2026-11-29-media). */
export interface MediaTable {
  school_code: string;
  _id: string;
  ref: string;
  path: string;
  kind: string;
  content_type: string;
  name: string;
  /** bigint: PostgreSQL returns it as a string. */
  bytes: number | string;
  width: number | null;
  height: number | null;
  alt: Generated<string>;
  decorative: Generated<number>;
  caption: Generated<string>;
  camera: string | null;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  version: Generated<number>;
}
/** Children a library photo shows (migration 2026-12-01-media-children). */
export interface MediaChildrenTable {
  school_code: string;
  media_ref: string;
  child_id: string;
  created_at: string;
  created_by: string | null;
}
/** Space held in a school's quota by uploads not yet in the library (migration 2026-12-04-media-quota). */
export interface MediaReservationsTable {
  upload_id: string;
  school_code: string;
  owner: string | null;
  /** bigint: PostgreSQL returns it as a string. */
  bytes: number | string;
  created_at: string;
  expires_at: string;
}
/** One row per school, the lock every reservation takes first (migration 2026-12-04-media-quota). */
export interface MediaQuotaLocksTable {
  school_code: string;
  locked_at: string;
}
export interface MediaJobsTable {
  ref: string;
  school_code: string;
  state: string;
  attempts: Generated<number>;
  run_after: string;
  error: string | null;
}
export interface VisitorCountsTable {
  school_code: string;
  visitor: number;
}
export interface AlumniSubmissionsTable {
  _id: string;
  school_code: string;
  form_type: string;
  created_at: string;
  from_year: string;
  class: string;
  to_year: string;
  school2: string;
  father_name: string;
  subject: string;
  name: string;
  email: string;
  phone: string;
  location: string;
  address: string;
  school: string;
  profession3: string;
  school1: string;
  designation: string;
  address1: string;
  profession1: string;
  /** When an admin marked it handled; null: unhandled (2026-11-27-privacy). */
  handled_at: string | null;
}

/** A school's privacy settings (no row: the defaults). */
export interface SchoolPrivacyTable {
  school_code: string;
  retention_months: number;
  updated_at: string;
  /** 'first' (first name and class) or 'full': what the public birthday section shows. */
  birthday_names: Generated<string>;
}
/** A child the site may show (the consent register, issue 16). */
export interface ChildrenTable {
  _id: string;
  school_code: string;
  name: string;
  class: string;
  admission_number: string | null;
  created_at: string;
  updated_at: string;
  /** Set when the record was erased (a tombstone of the id alone, docs/decisions/0153); null otherwise. */
  erased_at: string | null;
}
/** A guardian's consent for one purpose (birthday, results, photos); ends_at / withdrawn_at UTC ISO. */
export interface ChildConsentsTable {
  child_id: string;
  purpose: string;
  school_code: string;
  given_on: string;
  ends_on: string;
  ends_at: string;
  recorded_by: string | null;
  recorded_by_email: string | null;
  recorded_at: string;
  withdrawn_at: string | null;
  /** 'school' (recorded in person by staff) | 'guardian' (confirmed through the e-mailed link). */
  verified_by: Generated<string>;
  guardian_email: string | null;
  confirmed_at: string | null;
  /** 'school' | 'guardian'; null when not withdrawn (or withdrawn before issue 37). */
  withdrawn_by: string | null;
  withdrawn_by_email: string | null;
}
/** A request e-mailed to a guardian to confirm consent (issue 37); the link's secret kept as its SHA-256. */
export interface ConsentRequestsTable {
  id: string;
  school_code: string;
  child_id: string;
  guardian_name: string;
  guardian_email: string;
  purposes: string;
  ends_on: string;
  ends_at: string;
  token_hash: string;
  status: string;
  confirm_by: string;
  link_until: string;
  sent_at: string;
  sent_by: string | null;
  sent_by_email: string | null;
  confirmed_at: string | null;
}
/** One run of the retention job; `slot` (an hour, ISO) is unique so one server runs it. */
export interface RetentionRunsTable {
  _id: string;
  slot: string;
  started_at: string;
  erased: number;
}

/** Who runs a job until when (api/src/cluster/jobs.ts); an expired lease may be taken. */
export interface JobLeasesTable {
  name: string;
  holder: string;
  /** ISO instant. */
  expires_at: string;
}

/** One backup attempt (api/src/backup/). `slot` is set for scheduled runs and unique. */
export interface BackupRunsTable {
  _id: string;
  trigger: 'manual' | 'scheduled';
  slot: string | null;
  status: 'running' | 'succeeded' | 'failed';
  started_at: string;
  finished_at: string | null;
  archive: string | null;
  /** bigint: PostgreSQL's driver returns it as a string. */
  size_bytes: number | string | null;
  error: string | null;
}
/** A journaled erasure of personal data: `ids` is a JSON TEXT array. Never the erased data. */
export interface ErasureJournalTable {
  _id: string;
  kind: string;
  ids: string;
  erased_at: string;
}
// Staff side (migration 2026-11-24-staff). Flags are INTEGER 0/1 on both engines.
export interface StaffUsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  is_operator: number;
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** The last TOTP time step accepted (each code signs in once); null under a new secret. */
  totp_last_step: number | null;
  backup_codes: string;
  created_at: string;
  updated_at: string;
}
export interface StaffMembershipsTable {
  user_id: string;
  school_code: string;
  role: string;
  created_at: string;
  /** The person's last request to this school's staff area (at most once a minute). */
  last_seen_at: string | null;
}
/** An invitation to a school's staff, accepted only by the person through its link (docs/decisions/0117). */
export interface StaffInvitationsTable {
  id: string;
  school_code: string;
  email: string;
  name: string | null;
  role: string;
  token_hash: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
}
export interface StaffSessionsTable {
  id: string;
  user_id: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}
export interface StaffTokensTable {
  id: string;
  purpose: string;
  user_id: string | null;
  school_code: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The administrator who was shown this link (null when it was only e-mailed or printed for the operator). */
  shown_to: string | null;
}
export interface StaffSignInAttemptsTable {
  id: string;
  email: string;
  ip: string;
  outcome: string;
  at: string;
}
export interface AuditLogTable {
  id: string;
  at: string;
  school_code: string | null;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  before: string | null;
  after: string | null;
}
export interface SchoolSecurityTable {
  school_code: string;
  require_admin_two_factor: number;
}
/** JSON documents checked by the contract's schemas (@sthsm/contract profile.ts, pages.ts). */
export interface SchoolProfilesTable {
  school_code: string;
  profile: string;
  version: number;
  updated_at: string;
}
export interface SchoolPagesTable {
  school_code: string;
  slug: string;
  content: string;
  version: number;
  updated_at: string;
  /** An unpublished edit (null: none); `content` is what the public reads. */
  draft_content: string | null;
  status: Generated<string>;
  updated_by: string | null;
  review_note: string | null;
  /** When the page was first published (null: never; `content` is then JSON null and the page is not public). */
  published_at: string | null;
}
/** One saved version of a content item or page: a full snapshot (JSON TEXT). */
export interface ContentVersionsTable {
  id: string;
  school_code: string;
  content_type: string;
  item_id: string;
  version: number;
  action: string;
  snapshot: string;
  saved_at: string;
  saved_by: string | null;
  saved_by_email: string | null;
}
/** A content item's text in another language, with its own status and window (docs/decisions/0156). */
export interface ContentTranslationsTable {
  school_code: string;
  content_type: string;
  item_id: string;
  locale: string;
  /** JSON: the type's translatable fields (content/registry.ts `translatable`). */
  fields: string;
  /** JSON: the English text of those fields when this version was saved; null when not known. */
  source: string | null;
  status: string;
  publish_at: string | null;
  unpublish_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  review_note: string | null;
}
/** A deleted content item, kept 30 days so that it can be brought back (docs/decisions/0123). */
export interface ContentTrashTable {
  id: string;
  school_code: string;
  content_type: string;
  item_id: string;
  /** The item's title (or name, or the start of its text) when it was deleted. */
  title: string;
  /** Its status when it was deleted: it comes back with it. */
  status: string;
  created_by: string | null;
  /** The item's whole row, as JSON. */
  item_row: string;
  deleted_at: string;
  deleted_by: string | null;
  deleted_by_email: string | null;
}
/** Each school's content counter: +1 for every write that changes what the public sees. */
export interface SchoolContentStateTable {
  school_code: string;
  content_version: number;
  changed_at: string;
}
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}
export interface SchoolHostsTable {
  host: string;
  school_code: string;
  created_at: string;
}

/** What an import brought from a source (migration 2026-12-10-import, docs/decisions/0136). */
export interface ImportItemsTable {
  school_code: string;
  source: string;
  content_type: string;
  source_id: string;
  item_id: string;
  item_version: number;
  complete: number;
  imported_at: string;
}
export interface ImportFilesTable {
  school_code: string;
  source: string;
  source_ref: string;
  source_sha256: string;
  etag: string | null;
  media_ref: string;
  imported_at: string;
}
export interface ImportSourcesTable {
  school_code: string;
  source: string;
  first_at: string;
}

/** A parent's subscription (issue 34): an e-mail address or a browser's push subscription. */
export interface SubscriptionsTable {
  id: string;
  school_code: string;
  channel: 'email' | 'push';
  email: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  /** JSON array of topics. */
  topics: string;
  frequency: 'instant' | 'daily' | 'weekly' | null;
  status: 'pending' | 'active';
  token_hash: string | null;
  confirm_by: string | null;
  mailed_at: string | null;
  consent_at: string | null;
  consent_how: 'email-link' | 'browser-permission' | null;
  created_at: string;
  digest_until: string | null;
}

/** A person's request about their personal data (issue 37, docs/decisions/0150). */
export interface RightsRequestsTable {
  id: string;
  school_code: string;
  kind: 'access' | 'correct' | 'erase';
  about: 'me' | 'child';
  child_name: string | null;
  child_class: string | null;
  name: string;
  email: string;
  phone: string | null;
  correction: string | null;
  status: 'pending' | 'open' | 'done' | 'refused';
  token_hash: string | null;
  confirm_by: string | null;
  created_at: string;
  confirmed_at: string | null;
  due_at: string | null;
  closed_at: string | null;
  closed_by: string | null;
  reason: string | null;
}

/** An emergency alert (issue 34): a banner until ends_at (or ended_at), sent to every subscriber. */
export interface EmergencyAlertsTable {
  id: string;
  school_code: string;
  message: string;
  link: string | null;
  starts_at: string;
  ends_at: string;
  ended_at: string | null;
  group_id: string | null;
  created_by: string | null;
  created_at: string;
}

/** A school's own text of one message of the public site in one language (docs/decisions/0155). */
export interface SiteWordCorrectionsTable {
  school_code: string;
  locale: string;
  key: string;
  text: string;
  updated_at: string;
  updated_by: string | null;
}

/** One item's notification to its subscribers (unique per item), with its delivery counts. */
export interface NotificationSendsTable {
  id: string;
  school_code: string;
  content_type: string;
  item_id: string;
  topic: string;
  status: 'pending' | 'done' | 'cancelled';
  not_before: string;
  title: string | null;
  body: string | null;
  url: string | null;
  push_after: string | null;
  email_after: string | null;
  sent: Generated<number>;
  failed: Generated<number>;
  expired: Generated<number>;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface NotificationRetriesTable {
  send_id: string;
  subscription_id: string;
  attempts: number;
  next_at: string;
}

/** The search index (migration 2026-12-12-search, docs/search.md). */
export interface SearchEntriesTable {
  id: Generated<number>;
  school_code: string;
  lang: string;
  kind: string;
  item_id: string;
  status: string;
  publish_at: string | null;
  unpublish_at: string | null;
  shown_from: string;
  shown_until: string;
  child_id: string | null;
  consent_purpose: string | null;
  date: string | null;
  recent: string;
  path: string;
  folded_title: string;
}
export interface SearchTextsTable {
  id: number;
  title: string;
  body: string;
  folded: string;
}
export interface SearchStateTable {
  school_code: string;
  built_version: number;
}

/** The personal-data breach register (issue 37): times UTC ISO, kinds as JSON arrays, no names of people. */
export interface BreachesTable {
  id: string;
  school_code: string;
  what_happened: string;
  happened_at: string | null;
  aware_at: string;
  place: string | null;
  data_kinds: string;
  data_other: string | null;
  whose: string;
  people_count: number | null;
  consequences: string | null;
  containment: string | null;
  safety_steps: string | null;
  cause: string | null;
  prevention: string | null;
  board_intimation_at: string | null;
  board_report_at: string | null;
  people_told_at: string | null;
  people_told_count: number | null;
  closed_at: string | null;
  version: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  schools: SchoolsTable;
  news: NewsTable;
  highlights: HighlightsTable;
  toppers: ToppersTable;
  principal_messages: PrincipalMessagesTable;
  events: EventsTable;
  birthdays: BirthdaysTable;
  notifications: NotificationsTable;
  albums: AlbumsTable;
  videos: VideosTable;
  files: FilesTable;
  media: MediaTable;
  media_jobs: MediaJobsTable;
  media_children: MediaChildrenTable;
  media_reservations: MediaReservationsTable;
  media_quota_locks: MediaQuotaLocksTable;
  visitor_counts: VisitorCountsTable;
  alumni_submissions: AlumniSubmissionsTable;
  backup_runs: BackupRunsTable;
  erasure_journal: ErasureJournalTable;
  school_privacy: SchoolPrivacyTable;
  children: ChildrenTable;
  child_consents: ChildConsentsTable;
  consent_requests: ConsentRequestsTable;
  retention_runs: RetentionRunsTable;
  job_leases: JobLeasesTable;
  staff_users: StaffUsersTable;
  staff_memberships: StaffMembershipsTable;
  staff_sessions: StaffSessionsTable;
  staff_tokens: StaffTokensTable;
  staff_invitations: StaffInvitationsTable;
  staff_sign_in_attempts: StaffSignInAttemptsTable;
  audit_log: AuditLogTable;
  school_security: SchoolSecurityTable;
  school_profiles: SchoolProfilesTable;
  school_pages: SchoolPagesTable;
  school_hosts: SchoolHostsTable;
  content_versions: ContentVersionsTable;
  content_translations: ContentTranslationsTable;
  content_trash: ContentTrashTable;
  school_content_state: SchoolContentStateTable;
  server_secrets: ServerSecretsTable;
  import_items: ImportItemsTable;
  import_files: ImportFilesTable;
  import_sources: ImportSourcesTable;
  subscriptions: SubscriptionsTable;
  rights_requests: RightsRequestsTable;
  emergency_alerts: EmergencyAlertsTable;
  notification_sends: NotificationSendsTable;
  notification_retries: NotificationRetriesTable;
  search_entries: SearchEntriesTable;
  search_state: SearchStateTable;
  search_texts: SearchTextsTable;
  breaches: BreachesTable;
  site_word_corrections: SiteWordCorrectionsTable;
}
