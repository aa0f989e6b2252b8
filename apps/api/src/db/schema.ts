import type { ColumnType, Generated } from 'kysely';

/**
 * Database tables. Instants are ISO-8601 UTC strings (same text in SQLite and PostgreSQL, ordered
 * lexicographically); flags are 0/1 integers; money is whole cents. See docs/decisions/002.
 */
export interface RolesTable {
  id: string;
  name: string;
  price_cents: number | null;
  is_default: number;
  /** Decision 043: the default role whose capabilities the role has (a default role is its own). */
  base_role: Generated<string>;
  created_at: string;
}

export interface CompaniesTable {
  id: string;
  name: string;
  created_at: string;
}

export interface CompanyRolesTable {
  company_id: string;
  role_id: string;
}

export interface CompanyCategoriesTable {
  company_id: string;
  category_id: string;
}

export interface CompanyPermissionsTable {
  company_id: string;
  role_id: string;
  view_id: string;
}

export interface CategoriesTable {
  id: string;
  name: string;
  price_cents: number | null;
  created_at: string;
}

export interface CategoryDocumentsTable {
  id: string;
  category_id: string;
  name: string;
  type: 'escrito' | 'foto';
  position: number;
}

export interface UsersTable {
  id: string;
  name: string;
  username: string;
  password_hash: string;
  role_id: string;
  company_id: string | null;
  email: string | null;
  /** Optional, digits with an optional leading '+' (shared phone.ts); migration 0160. */
  phone: Generated<string | null>;
  /** DNI or NIE, upper case without separators (migration 0400, decision 053); unique in a company. */
  dni: Generated<string | null>;
  is_disabled: number;
  is_deleted: number;
  created_at: string;
  updated_at: string;
}

export interface UserCategoriesTable {
  user_id: string;
  category_id: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a stolen database cannot be replayed as cookies. */
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginAttemptsTable {
  id: string;
  username: string;
  ip: string;
  attempted_at: string;
}

export interface ActionLogTable {
  id: string;
  created_at: string;
  actor_id: string | null;
  actor_name: string;
  company_id: string | null;
  kind: string;
  message: string;
}

export interface EventsTable {
  id: string;
  company_id: string;
  name: string;
  location: string;
  start_time: string;
  end_time: string;
  type: 'momentary' | 'constant';
  /** Monday=0 … Sunday=6, comma-separated; '' for a momentary event. */
  repeat_days: string;
  /** Set when a supervisor finished the event early (its end_time became that instant). */
  finished_early_at: string | null;
  created_at: string;
  created_by: string | null;
  /** Where the event is: a point and a radius in metres (decision 040); null when not set. */
  geo_lat: number | null;
  geo_lng: number | null;
  geo_radius_m: number | null;
  /** 1: a clock-in needs the rotating venue code. */
  requires_venue_code: Generated<number>;
  /** Base64 HMAC key of the venue code, made the first time it is shown. */
  venue_secret: string | null;
}

export interface EventAssignmentsTable {
  event_id: string;
  user_id: string;
  /** Copies of the event's, written by the database (migration 0150 triggers); never set them. */
  company_id: Generated<string | null>;
  start_time: Generated<string | null>;
  end_time: Generated<string | null>;
  /** Decision 046: 'pending' until the employee answers (when the company asks); 'declined' no longer staffs the event. */
  state: Generated<AssignmentState>;
  decline_reason: Generated<string | null>;
  decided_at: Generated<string | null>;
}

export type AssignmentState = 'pending' | 'accepted' | 'declined';

/** Decision 052: the action through which someone was put on or taken off an event. */
export type AssignmentSource = 'event-form' | 'roster' | 'answer' | 'swap' | 'offer' | 'open-shift' | 'import';

export interface EventAssignmentHistoryTable {
  id: string;
  company_id: string;
  event_id: string;
  user_id: string;
  change: 'assigned' | 'removed';
  source: AssignmentSource;
  actor_id: string | null;
  actor_name: string;
  at: string;
}

export type ShiftSwapState = 'open' | 'taken' | 'approved' | 'rejected' | 'cancelled';

export interface ShiftSwapsTable {
  id: string;
  company_id: string;
  kind: 'offer' | 'swap';
  state: ShiftSwapState;
  from_user_id: string;
  from_event_id: string;
  to_user_id: string | null;
  to_event_id: string | null;
  created_at: string;
  taken_at: string | null;
  decided_at: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
}

export interface TimeRecordsTable {
  id: string;
  company_id: string;
  user_id: string;
  event_id: string;
  start_time: string;
  end_time: string | null;
  /** Whole minutes, set when the record is completed. */
  duration: number | null;
  status: 'activo' | 'completado';
  /** JSON text {lat, lng, accuracy}: the spec's backend columns. */
  start_location: string | null;
  end_location: string | null;
  created_at: string;
  /** 1 once an approved amendment changed the record. */
  corrected: Generated<number>;
  /** The record's latest hash in its company's registro chain. */
  hash: string | null;
  /** Comma-separated TimeRecordFlag codes ('' for an ordinary record); sealed with the record. */
  flags: Generated<string>;
  /** JSON RecordPresence: the evidence of each punch (offline times, distance, venue code). */
  presence: string | null;
}

export type AmendmentStatus = 'pendiente' | 'aprobada' | 'rechazada' | 'retirada';
export type AmendmentSide = 'empleado' | 'empresa';

/** A proposed correction of a time record; applied only when the other side approves. */
export interface TimeRecordAmendmentsTable {
  id: string;
  company_id: string;
  record_id: string | null;
  /** The worker whose record it is. */
  user_id: string;
  event_id: string;
  proposed_by: string;
  proposer_side: AmendmentSide;
  status: AmendmentStatus;
  reason: string;
  before_start: string | null;
  before_end: string | null;
  after_start: string;
  after_end: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_note: string | null;
  /** The employee's approval signature: a 'registro-signature' file; the id is sealed in the chain. */
  signature_file_id: string | null;
  hash: string | null;
  created_at: string;
}

/** One ledger entry of a company's registro chain: ids and hashes only. */
export interface RegistroChainTable {
  company_id: string;
  seq: number;
  /** 'clave': the key's introduction or rotation (subject_id = the key id announced). */
  kind: 'fichaje' | 'correccion' | 'clave';
  action: string;
  subject_id: string;
  payload_hash: string;
  prev_hash: string;
  hash: string;
  created_at: string;
  /** Set when the subject row was purged after the retention period: verified by linkage only. */
  purged_at: string | null;
  /** 1 = plain SHA-256 (entries before the key), 2 = HMAC-SHA256 under key_id (decision 031). */
  version: Generated<number>;
  key_id: string | null;
}

export interface RegistroChainHeadsTable {
  company_id: string;
  seq: number;
  hash: string;
  /** The key the company's next entry must be keyed with; null while the chain holds v1 entries only. */
  key_id: Generated<string | null>;
}

/** A head printed on a document (monthly record, Inspección download): verification's lower bound. */
export interface RegistroChainAnchorsTable {
  id: string;
  company_id: string;
  seq: number;
  hash: string;
  document: string;
  printed_at: string;
}

export interface MaterialsTable {
  id: string;
  company_id: string;
  name: string;
  created_at: string;
}

export interface MaterialItemsTable {
  id: string;
  material_id: string;
  size: string;
  /** Units in stock; a CHECK keeps it at 0 or more. */
  quantity: number;
}

export interface MaterialLoansTable {
  id: string;
  company_id: string;
  employee_id: string;
  employee_name: string;
  supervisor_id: string;
  supervisor_name: string;
  status: 'Pendiente de confirmación' | 'Confirmado' | 'Denegado' | 'Pendiente de devolución' | 'Devuelto';
  loan_date: string;
  confirmation_date: string | null;
  denial_date: string | null;
  return_request_date: string | null;
  return_date: string | null;
  /** The employee's receipt signature, a PNG in `files` (decision 036). */
  signature_file_id: string | null;
}

export interface MaterialLoanItemsTable {
  loan_id: string;
  position: number;
  material_id: string;
  material_name: string;
  size: string;
  quantity: number;
}

export interface VacationRequestsTable {
  id: string;
  company_id: string;
  employee_id: string;
  supervisor_id: string | null;
  created_by: string;
  created_at: string;
  status: 'pendiente' | 'confirmado' | 'rechazado';
  awaiting: 'supervisor' | 'employee' | null;
  /** The employee's confirmation signature, a PNG in `files` (decision 036). */
  signature_file_id: string | null;
  processed_at: string | null;
  processed_by: string | null;
}

export interface VacationDaysTable {
  request_id: string;
  company_id: string;
  employee_id: string;
  /** 'yyyy-MM-dd' in the company time zone. */
  day: string;
}

export interface PaymentsTable {
  id: string;
  company_id: string;
  user_id: string;
  month: string;
  status: 'pending' | 'paid';
  paid_at: string | null;
  paid_by: string | null;
  minutes: number;
  price_cents: number | null;
  amount_cents: number | null;
}

/**
 * Every stored upload and drawn signature (decision 036). No foreign keys to companies or users: a
 * 'registro-signature' (a signed month, a correction's approval) outlives its company and worker like
 * the legal rows that point at it; the company deletion skips those and the 4-year purge deletes them.
 */
export interface FilesTable {
  id: string;
  company_id: string;
  owner_id: string;
  purpose: 'signature' | 'document' | 'attachment' | 'registro-signature';
  /** The uploader's file name, cleaned; shown and offered on download, never used as a path. */
  name: string;
  /** Sniffed from the bytes (packages/shared/src/files.ts), never the client's claim. */
  content_type: string;
  size: number;
  sha256: string;
  /** BLOB on SQLite, bytea on PostgreSQL; read only by the download of one file. */
  bytes: Buffer;
  created_at: string;
}

export interface UserSignaturesTable {
  user_id: string;
  company_id: string;
  file_id: string;
  created_at: string;
  updated_at: string;
}

export interface UserDocumentsTable {
  user_id: string;
  /** The required document's id (category_documents.id); its name and type as when saved. */
  document_id: string;
  company_id: string;
  document_name: string;
  type: 'escrito' | 'foto';
  text_value: string | null;
  file_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface WorkReportsTable {
  id: string;
  company_id: string;
  user_id: string;
  event_id: string;
  observations: string;
  /** A copy of the signature it was signed with, so a later 'Dibujar Nueva Firma' never changes it. */
  signature_file_id: string;
  created_at: string;
}

export interface WorkReportAttachmentsTable {
  report_id: string;
  file_id: string;
  position: number;
}

export interface AccessLinksTable {
  id: string;
  company_id: string;
  /** SHA-256 (hex) of the token; the token itself is shown once and never stored. */
  token_hash: string;
  /** 'yyyy-MM-dd' in the company time zone, both included. */
  range_from: string;
  range_to: string;
  purpose: string;
  created_by: string;
  created_by_name: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by_name: string | null;
}

export interface AccessLinkUsesTable {
  id: string;
  link_id: string;
  company_id: string;
  used_at: string;
  kind: 'view' | 'pdf' | 'csv';
  ip: string | null;
}

export interface LegalArchiveSubjectsTable {
  id: string;
  kind: 'company' | 'user';
  subject_id: string;
  company_id: string;
  name: string;
  username: string | null;
  email: string | null;
  deleted_at: string;
  deleted_by_name: string;
}

/** A company's working-time rules (issue 11 part 6); no row means the Estatuto's defaults. */
/** A closed payroll month (issue 26): the sheet frozen when it was closed; reopening deletes it. */
export interface PayrollClosuresTable {
  company_id: string;
  month: string;
  closed_at: string;
  closed_by: string | null;
  closed_by_name: string | null;
  /** JSON text of the PayrollSheet. */
  sheet: string;
}

export interface WorkingTimeRulesTable {
  company_id: string;
  max_daily_hours: number;
  min_rest_hours: number;
  max_yearly_overtime_hours: number;
  max_monthly_hours: number | null;
  /** The convenio's annual jornada in whole hours (ordinary hours beyond it are overtime); null: none. */
  yearly_ordinary_hours: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: string;
  updated_by: string | null;
  updated_by_name: string | null;
}

/** A company's pay rules (issue 26): a JSON PayRules document; no row is DEFAULT_PAY_RULES. */
export interface PayRulesTable {
  company_id: string;
  rules: string;
  updated_at: string;
  updated_by: string | null;
  updated_by_name: string | null;
}

/** A worker's signed monthly record: a legal record without foreign keys (decision 3). */
export interface SignedMonthsTable {
  id: string;
  company_id: string;
  user_id: string;
  /** 'yyyy-MM' in the company time zone. */
  month: string;
  signed_at: string;
  user_name: string;
  /**
   * The drawn signature: a 'registro-signature' file, which a company deletion or a new 'Mi Firma'
   * never removes (decision 036). Set on every row; nullable in the DDL only because SQLite adds
   * columns that way.
   */
  signature_file_id: string;
  /** SHA-256 of the signed PNG: the row itself says which bytes were signed. */
  signature_sha256: string;
  worked_minutes: number;
  overtime_minutes: number;
  year_overtime_minutes: number;
  rule_breaks: number;
  /** SHA-256 of the month's records as signed (registro-month.service contentHash). */
  content_sha256: string;
  /** 1, then 2, 3… each time the worker signs the month again after a correction changed it. */
  version: Generated<number>;
}

export interface JobsTable {
  id: string;
  kind: string;
  /** JSON text. */
  payload: string;
  status: 'pending' | 'running' | 'done' | 'dead';
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface NotificationsTable {
  id: string;
  company_id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

export interface NotificationDeliveriesTable {
  notification_id: string;
  channel: 'email' | 'push';
  status: 'pending' | 'sent' | 'skipped' | 'failed';
  attempts: number;
  sent_at: string | null;
  last_error: string | null;
}

/** A company's clocking rules (issue 24); a company without a row has the defaults. */
export interface CompanySettingsTable {
  company_id: string;
  geofence_mode: Generated<'flag' | 'refuse'>;
  auto_clock_out: Generated<number>;
  auto_clock_out_tolerance_min: Generated<number>;
  /** Decision 042: a missing or expired qualification warns ('warn') or refuses the assignment. */
  qualification_check: Generated<'warn' | 'refuse'>;
  /** Decision 046: new assignments wait for the employee's answer. */
  accept_assignments: Generated<number>;
  /** Decision 051: a claim of an open place assigns at once, or waits for a supervisor. */
  open_shift_mode: Generated<OpenShiftMode>;
  /** Decision 055: the company's Supervisors must sign in with a second factor. */
  supervisor_two_factor: Generated<number>;
  updated_at: string;
}

export type OpenShiftMode = 'first_come' | 'approval';

/** Decision 051: an event's open places of one category; `remaining` only falls by a guarded update. */
export interface EventOpenPlacesTable {
  event_id: string;
  company_id: string;
  category_id: string;
  places: number;
  remaining: number;
}

/** Decision 051: who asked for an open place. 'approved' rows are assignments (the place was taken). */
export interface OpenShiftClaimsTable {
  id: string;
  event_id: string;
  company_id: string;
  category_id: string;
  user_id: string;
  state: 'pending' | 'approved' | 'rejected';
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

/** Decision 055: a user's TOTP secret; enabled_at null while the enrolment waits for its first code. */
/** One row: moves with every committed change to the identity tables on PostgreSQL (decision 056). */
export interface IdentityVersionTable {
  id: number;
  version: number;
}

export interface TwoFactorSecretsTable {
  user_id: string;
  secret: string;
  enabled_at: string | null;
  last_step: Generated<number>;
  created_at: string;
}

export interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
}

export interface TwoFactorDevicesTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  created_at: string;
}

/** Between the password and the second factor (never a session). */
export interface PendingLoginsTable {
  token_hash: string;
  user_id: string;
  step: 'verify' | 'enrol';
  ip: string;
  expires_at: string;
  created_at: string;
}

/** Issue 27 item 6 (decision 042): a company's qualification types. */
export interface QualificationTypesTable {
  id: string;
  company_id: string;
  name: string;
  created_at: string;
}

export interface EmployeeQualificationsTable {
  id: string;
  company_id: string;
  user_id: string;
  type_id: string;
  number: string;
  issued_on: string | null;
  /** 'YYYY-MM-DD', valid through that day; null never expires. */
  expires_on: string | null;
  file_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface CategoryQualificationRequirementsTable {
  category_id: string;
  type_id: string;
  company_id: string;
  requires_photo: Generated<number>;
}

export interface EventQualificationRequirementsTable {
  event_id: string;
  type_id: string;
}

/** Issue 27 item 5 (decision 044): when a person cannot work. */
export interface UnavailabilityTable {
  id: string;
  company_id: string;
  user_id: string;
  kind: 'dates' | 'weekly';
  /** 'dates': 'YYYY-MM-DD', both included. */
  start_date: string | null;
  end_date: string | null;
  /** 'weekly': Monday=0 … Sunday=6. */
  weekday: number | null;
  /** 'HH:MM' wall-clock in the company time zone; both null = all day. */
  start_time: string | null;
  end_time: string | null;
  note: Generated<string>;
  created_at: string;
}

export interface QualificationRemindersTable {
  qualification_id: string;
  expires_on: string;
  days: number;
  sent_at: string;
}

/** A company's own holiday (issue 26, 'Calendario laboral'): its community's or a local one. */
export interface CompanyHolidaysTable {
  id: string;
  company_id: string;
  /** The local calendar day, 'YYYY-MM-DD'. */
  date: string;
  name: string;
  kind: 'autonomico' | 'local';
  created_at: string;
  created_by: string | null;
}

/** A national holiday that does not count for a company (its community moved or replaced it). */
export interface CompanyHolidayExclusionsTable {
  company_id: string;
  date: string;
  created_at: string;
  created_by: string | null;
}

/** A punch queued on a phone and accepted; (user_id, client_id) makes resending idempotent. */
export interface OfflinePunchesTable {
  user_id: string;
  client_id: string;
  company_id: string;
  kind: 'entrada' | 'salida';
  record_id: string;
  received_at: string;
}

/** Values made once and shared by every server (decision 037), e.g. the VAPID key pair as JSON. */
export interface SettingsTable {
  key: string;
  value: string;
  created_at: string;
}

/** A browser that receives Web Push for one person (decision 037). */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  company_id: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url as the browser gave them. */
  p256dh: string;
  auth: string;
  user_agent: string | null;
  device_label: string;
  created_at: string;
  last_used_at: string | null;
}

/** The mail outbox (docs/decisions/035). */
export interface MailsTable {
  id: string;
  company_id: string | null;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: 'pending' | 'sent' | 'unsent' | 'failed';
  message_id: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A person's choice per notification kind and channel; no row means the shared default. */
export interface NotificationPreferencesTable {
  user_id: string;
  kind: string;
  channel: 'email' | 'push';
  enabled: number;
}

export interface AccountTokensTable {
  id: string;
  purpose: 'invitation' | 'reset' | 'email_change';
  user_id: string;
  /** sha256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  new_email: string | null;
  created_at: string;
}

/** A user's personal API token (decision 054): only its sha256 is stored. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  hint: string;
  /** Comma-separated scopes. */
  scopes: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  rate_window: Generated<number>;
  rate_count: Generated<number>;
}

/** A company's webhook subscription (decision 050). */
export interface WebhookSubscriptionsTable {
  id: string;
  company_id: string;
  url: string;
  /** Comma-separated event types. */
  events: string;
  /** The HMAC-SHA256 key of the signatures. */
  secret: string;
  created_at: string;
  created_by_name: string;
}

export interface WebhookDeliveriesTable {
  id: string;
  subscription_id: string;
  company_id: string;
  event_type: string;
  body: string;
  status: 'pendiente' | 'entregado' | 'fallido';
  attempts: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  last_response: string | null;
  created_at: string;
  last_attempt_at: string | null;
}

/** A person's private ICS address of their shifts (decision 047): one per person, the secret hashed. */
export interface CalendarFeedsTable {
  user_id: string;
  company_id: string;
  /** sha256 (hex) of the address's secret; the secret itself is never stored. */
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
}

export interface AccountTokenRequestsTable {
  id: string;
  ip: string;
  account_key: string;
  requested_at: string;
}

export interface DB {
  roles: RolesTable;
  companies: CompaniesTable;
  company_roles: CompanyRolesTable;
  company_categories: CompanyCategoriesTable;
  company_permissions: CompanyPermissionsTable;
  categories: CategoriesTable;
  category_documents: CategoryDocumentsTable;
  users: UsersTable;
  user_categories: UserCategoriesTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  action_log: ActionLogTable;
  events: EventsTable;
  event_assignments: EventAssignmentsTable;
  event_assignment_history: EventAssignmentHistoryTable;
  shift_swaps: ShiftSwapsTable;
  time_records: TimeRecordsTable;
  time_record_amendments: TimeRecordAmendmentsTable;
  registro_chain: RegistroChainTable;
  registro_chain_heads: RegistroChainHeadsTable;
  registro_chain_anchors: RegistroChainAnchorsTable;
  vacation_requests: VacationRequestsTable;
  vacation_days: VacationDaysTable;
  payments: PaymentsTable;
  materials: MaterialsTable;
  material_items: MaterialItemsTable;
  material_loans: MaterialLoansTable;
  material_loan_items: MaterialLoanItemsTable;
  files: FilesTable;
  user_signatures: UserSignaturesTable;
  user_documents: UserDocumentsTable;
  work_reports: WorkReportsTable;
  work_report_attachments: WorkReportAttachmentsTable;
  access_links: AccessLinksTable;
  access_link_uses: AccessLinkUsesTable;
  legal_archive_subjects: LegalArchiveSubjectsTable;
  working_time_rules: WorkingTimeRulesTable;
  pay_rules: PayRulesTable;
  signed_months: SignedMonthsTable;
  jobs: JobsTable;
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  settings: SettingsTable;
  company_settings: CompanySettingsTable;
  company_holidays: CompanyHolidaysTable;
  company_holiday_exclusions: CompanyHolidayExclusionsTable;
  offline_punches: OfflinePunchesTable;
  push_subscriptions: PushSubscriptionsTable;
  mails: MailsTable;
  notification_preferences: NotificationPreferencesTable;
  account_tokens: AccountTokensTable;
  account_token_requests: AccountTokenRequestsTable;
  calendar_feeds: CalendarFeedsTable;
  two_factor_secrets: TwoFactorSecretsTable;
  identity_version: IdentityVersionTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_devices: TwoFactorDevicesTable;
  pending_logins: PendingLoginsTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  payroll_closures: PayrollClosuresTable;
  qualification_types: QualificationTypesTable;
  employee_qualifications: EmployeeQualificationsTable;
  category_qualification_requirements: CategoryQualificationRequirementsTable;
  event_qualification_requirements: EventQualificationRequirementsTable;
  qualification_reminders: QualificationRemindersTable;
  unavailability: UnavailabilityTable;
  event_open_places: EventOpenPlacesTable;
  open_shift_claims: OpenShiftClaimsTable;
  api_tokens: ApiTokensTable;
}
