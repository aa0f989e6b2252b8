import { sql, type Kysely, type Selectable } from 'kysely';
import { CORRECTED_ADDED, parseTimeRecordFlags, recordPresenceSchema, type GeoLocation, type PunchEvidence, type RecordPresence, type TimeLogEntry, type TimeRecord, type TimeRecordFlag } from '@jornada/shared/schemas/time-records';
import { isSinCierre } from '@jornada/shared/sin-cierre';
import { preparedQuery } from '../../db/prepared-query';
import type { DB, TimeRecordsTable } from '../../db/schema';
import type { CompanyScope } from '../../lib/authorization';
import { anyContains } from '../../lib/list-filters';

export interface ClockInEvent {
  id: string;
  companyId: string;
  name: string;
  startTime: string;
  endTime: string;
}

export interface ClockInContext extends ClockInEvent {
  /** Where the event is and whether it needs the venue code (decision 040). */
  geoLat: number | null;
  geoLng: number | null;
  geoRadiusM: number | null;
  requiresVenueCode: boolean;
  /** Whether `userId` staffs the event (a declined assignment does not; decision 046). */
  assigned: boolean;
  /** Assigned but not yet accepted: no clock-in until they accept (decision 046). */
  pending: boolean;
  /** The user's active record, if a timer is running. */
  activeRecordId: string | null;
}

/**
 * The id of the user's running timer. The one-active partial index covers (user_id, status)
 * (migration 0140), so both terms match it and SQLite keeps choosing it once it has statistics
 * (before, it preferred the (user_id, start_time) index and read a year of records: ~130 µs
 * against ~2 µs).
 */
function activeRecordIdOf(db: Kysely<DB>, userId: string) {
  // A literal status: SQLite matches a partial index's predicate against the SQL text, not a bound value.
  return db.selectFrom('time_records as active').select('active.id').where('active.user_id', '=', userId).where('active.status', '=', sql.lit('activo'));
}

const clockInContext = preparedQuery<{ eventId: string; userId: string }>()((db, param) =>
  db
    .selectFrom('events')
    .select(['events.id', 'events.company_id', 'events.name', 'events.start_time', 'events.end_time'])
    .select(['events.geo_lat', 'events.geo_lng', 'events.geo_radius_m', 'events.requires_venue_code'])
    .select((eb) => [
      // Decision 046: the caller's answer; no row (or a declined one) is not assigned, pending may not clock in yet.
      eb
        .selectFrom('event_assignments')
        .select('event_assignments.state')
        .whereRef('event_assignments.event_id', '=', 'events.id')
        .where('event_assignments.user_id', '=', param('userId'))
        .as('assignment_state'),
      activeRecordIdOf(db, param('userId')).as('active_id'),
    ])
    .where('events.id', '=', param('eventId')),
);

/**
 * Everything a clock-in checks, in one indexed read: the event, the caller's assignment and any
 * running timer (hundreds of people clock in at the same minute; each query is a round trip).
 */
export async function findClockInContext(db: Kysely<DB>, eventId: string, userId: string): Promise<ClockInContext | undefined> {
  const row = await clockInContext.takeFirst(db, { eventId, userId });
  if (!row) return undefined;
  return {
    id: row.id,
    companyId: row.company_id,
    name: row.name,
    startTime: row.start_time,
    endTime: row.end_time,
    geoLat: row.geo_lat === null ? null : Number(row.geo_lat),
    geoLng: row.geo_lng === null ? null : Number(row.geo_lng),
    geoRadiusM: row.geo_radius_m === null ? null : Number(row.geo_radius_m),
    requiresVenueCode: Number(row.requires_venue_code) === 1,
    // 0/1 on SQLite, a boolean on PostgreSQL.
    assigned: row.assignment_state === 'pending' || row.assignment_state === 'accepted',
    pending: row.assignment_state === 'pending',
    activeRecordId: row.active_id ?? null,
  };
}

export type NewActiveRecord = Omit<TimeRecordsTable, 'end_time' | 'duration' | 'end_location' | 'status' | 'corrected' | 'hash' | 'flags' | 'presence'> & {
  /** serializeFlags of the clock-in's flags; '' for an ordinary one. */
  flags?: string;
  /** JSON RecordPresence of the clock-in's evidence. */
  presence?: string | null;
};

/** The full row a clock-in writes (what its chain entry seals). */
export function activeRecordRow(row: NewActiveRecord) {
  return { flags: '', presence: null, ...row, status: 'activo' as const, end_time: null, duration: null, end_location: null, corrected: 0 };
}

/** The record a clock-in just wrote, as findRecord would read it back (no second query). */
export function newActiveTimeRecord(row: NewActiveRecord, eventName: string): TimeRecord {
  return toTimeRecord({
    ...activeRecordRow(row),
    event_name: eventName,
    event_end: null,
    pending_id: null,
  });
}

const insertActive = preparedQuery<Omit<NewActiveRecord, 'flags' | 'presence'> & { hash: string | null; flags: string; presence: string | null }>()((db, param) =>
  db.insertInto('time_records').values({
    id: param('id'),
    company_id: param('company_id'),
    user_id: param('user_id'),
    event_id: param('event_id'),
    start_time: param('start_time'),
    start_location: param('start_location'),
    created_at: param('created_at'),
    hash: param('hash'),
    flags: param('flags'),
    presence: param('presence'),
    status: 'activo',
    end_time: null,
    duration: null,
    end_location: null,
    corrected: 0,
  }),
);

/** Inserting the second active record of a user violates time_records_one_active_idx. */
export async function insertActiveRecord(db: Kysely<DB>, row: NewActiveRecord & { hash?: string | null }): Promise<void> {
  await insertActive.run(db, {
    id: row.id,
    company_id: row.company_id,
    user_id: row.user_id,
    event_id: row.event_id,
    start_time: row.start_time,
    start_location: row.start_location,
    created_at: row.created_at,
    hash: row.hash ?? null,
    flags: row.flags ?? '',
    presence: row.presence ?? null,
  });
}

/** The table's own columns (no hash), as the registro chain seals them. */
export type StoredRecordRow = Omit<Selectable<TimeRecordsTable>, 'hash'>;

const storedColumns = [
  'id',
  'company_id',
  'user_id',
  'event_id',
  'start_time',
  'end_time',
  'duration',
  'status',
  'start_location',
  'end_location',
  'corrected',
  'created_at',
  'flags',
  'presence',
] as const satisfies readonly (keyof StoredRecordRow)[];

/**
 * The clock-out's first statement: the caller's record leaves 'activo' only if it is still active
 * and theirs, and the statement hands back the row with what the answer and the checks need (the
 * event's name and end for 'Sin cierre', a pending correction), so the clock-out reads nothing
 * first. The duration follows in finishCompletion, once the start time is known.
 */
const completeActiveReturning = preparedQuery<{ id: string; userId: string; endTime: string; endLocation: string }>()((db, param) =>
  db
    .updateTable('time_records')
    .set({ status: 'completado', end_time: param('endTime'), end_location: param('endLocation') })
    .where('time_records.id', '=', param('id'))
    .where('time_records.user_id', '=', param('userId'))
    .where('time_records.status', '=', sql.lit('activo'))
    .returning(storedColumns.map((column) => `time_records.${column}` as const))
    .returning((eb) => [
      eb.selectFrom('events').select('events.name').whereRef('events.id', '=', 'time_records.event_id').as('event_name'),
      eb.selectFrom('events').select('events.end_time').whereRef('events.id', '=', 'time_records.event_id').as('event_end'),
      // The event's zone, for the clock-out's geofence (decision 040).
      eb.selectFrom('events').select('events.geo_lat').whereRef('events.id', '=', 'time_records.event_id').as('event_geo_lat'),
      eb.selectFrom('events').select('events.geo_lng').whereRef('events.id', '=', 'time_records.event_id').as('event_geo_lng'),
      eb.selectFrom('events').select('events.geo_radius_m').whereRef('events.id', '=', 'time_records.event_id').as('event_geo_radius_m'),
      // A literal status: the one-pending index is partial (at most one row, so a scalar subquery).
      eb
        .selectFrom('time_record_amendments as pending')
        .select('pending.id')
        .whereRef('pending.record_id', '=', 'time_records.id')
        .where('pending.status', '=', sql.lit('pendiente'))
        .as('pending_id'),
    ]),
);

export interface StartedCompletion {
  /** The row as stored now: completed, its duration still to be written by finishCompletion. */
  row: StoredRecordRow;
  eventName: string | null;
  eventEnd: string | null;
  pendingId: string | null;
  /** The event's zone; null when the event has no point (or is gone). */
  eventZone: { geoLat: number; geoLng: number; geoRadiusM: number | null } | null;
}

/**
 * Completes the caller's active record at `endTime`; undefined when no active record of theirs has
 * that id (someone else's, completed, or unknown: the caller reads to tell which).
 */
export async function startCompletion(
  db: Kysely<DB>,
  change: { id: string; userId: string; endTime: string; endLocation: string },
): Promise<StartedCompletion | undefined> {
  const returned = await completeActiveReturning.takeFirst(db, change);
  if (!returned) return undefined;
  const { event_name, event_end, pending_id, event_geo_lat, event_geo_lng, event_geo_radius_m, ...row } = returned;
  const eventZone =
    event_geo_lat === null || event_geo_lng === null
      ? null
      : {
          geoLat: Number(event_geo_lat),
          geoLng: Number(event_geo_lng),
          geoRadiusM: event_geo_radius_m === null ? null : Number(event_geo_radius_m),
        };
  return { row: { ...row, duration: row.duration === null ? null : Number(row.duration) }, eventName: event_name, eventEnd: event_end, pendingId: pending_id, eventZone };
}

const setDurationAndHash = preparedQuery<{ id: string; duration: number; hash: string; flags: string; presence: string | null }>()((db, param) =>
  db
    .updateTable('time_records')
    .set({ duration: param('duration'), hash: param('hash'), flags: param('flags'), presence: param('presence') })
    .where('id', '=', param('id')),
);

/**
 * The clock-out's second statement: the duration, the flags and evidence with the clock-out's
 * added, and the chain hash of the completed row (which seals exactly these values).
 */
export async function finishCompletion(db: Kysely<DB>, change: { id: string; duration: number; hash: string; flags: string; presence: string | null }): Promise<void> {
  await setDurationAndHash.run(db, change);
}

/** The stored flags and evidence with a clock-out's added (presence.end), as the row keeps them. */
export function withEndPresence(row: Pick<StoredRecordRow, 'flags' | 'presence'>, added: { flags: readonly TimeRecordFlag[]; evidence: PunchEvidence }) {
  const flags = added.flags.length > 0 ? serializeFlags([...parseFlags(row.flags), ...added.flags]) : row.flags;
  if (Object.keys(added.evidence).length === 0) return { flags, presence: row.presence };
  // The stored JSON as it is (not re-validated), so evidence written by a newer server survives.
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = row.presence ? JSON.parse(row.presence) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  return { flags, presence: JSON.stringify({ ...stored, end: added.evidence }) };
}

/** A completed row as the time log reads it (the clock-out's answer, without reading it back). */
export function completedTimeRecord(completion: StartedCompletion): TimeRecord {
  return toTimeRecord({ ...completion.row, event_name: completion.eventName, event_end: completion.eventEnd, pending_id: completion.pendingId });
}

function recordQuery(db: Kysely<DB>) {
  return db
    .selectFrom('time_records')
    .leftJoin('events', 'events.id', 'time_records.event_id')
    .select([
      'time_records.id',
      'time_records.user_id',
      'time_records.event_id',
      'time_records.company_id',
      'time_records.start_time',
      'time_records.end_time',
      'time_records.duration',
      'time_records.status',
      'time_records.start_location',
      'time_records.end_location',
      'time_records.corrected',
      'time_records.flags',
      'time_records.presence',
      'events.name as event_name',
      'events.end_time as event_end',
    ])
    // At most one pending amendment per record (unique partial index): the join never multiplies rows.
    .leftJoin('time_record_amendments as pending', (join) =>
      join.onRef('pending.record_id', '=', 'time_records.id').on('pending.status', '=', 'pendiente'),
    )
    .select('pending.id as pending_id');
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>['executeTakeFirstOrThrow']>>;

function parseLocation(text: string | null): GeoLocation | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as GeoLocation;
    return Number.isFinite(value.lat) && Number.isFinite(value.lng) ? value : null;
  } catch {
    return null;
  }
}

export function parseFlags(text: string | null | undefined): TimeRecordFlag[] {
  return parseTimeRecordFlags(text);
}

/** Flags as stored: sorted and unique, so the same set always seals the same text. */
export function serializeFlags(flags: Iterable<TimeRecordFlag>): string {
  return [...new Set(flags)].sort().join(',');
}

export function parsePresence(text: string | null | undefined): RecordPresence | null {
  if (!text) return null;
  try {
    const parsed = recordPresenceSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function serializeLocation(location: GeoLocation): string {
  return JSON.stringify({ lat: location.lat, lng: location.lng, accuracy: location.accuracy ?? null });
}

/** `now` sets the 'Sin cierre' flag; without it (writes reading back) the flag is false. */
function toTimeRecord(row: RecordRow, now?: Date): TimeRecord {
  return {
    id: row.id,
    userId: row.user_id,
    eventId: row.event_id,
    companyId: row.company_id,
    startTime: row.start_time,
    endTime: row.end_time,
    duration: row.duration === null ? null : Number(row.duration),
    status: row.status,
    startLocation: parseLocation(row.start_location),
    endLocation: parseLocation(row.end_location),
    eventName: row.event_name,
    // 1: corrected; 2: added by an approved correction ('Alta por corrección', see CORRECTED_ADDED).
    corrected: Number(row.corrected) !== 0,
    addedByCorrection: Number(row.corrected) === CORRECTED_ADDED,
    sinCierre: now !== undefined && isSinCierre({ status: row.status, startTime: row.start_time }, row.event_end, now),
    pendingCorrection: row.pending_id !== null,
    flags: parseFlags(row.flags),
    presence: parsePresence(row.presence),
  };
}

const recordById = preparedQuery<{ id: string }>()((db, param) => recordQuery(db).where('time_records.id', '=', param('id')));

export async function findRecord(db: Kysely<DB>, id: string, now?: Date): Promise<TimeRecord | undefined> {
  const row = await recordById.takeFirst(db, { id });
  return row && toTimeRecord(row, now);
}

const activeRecordOf = preparedQuery<{ userId: string }>()((db, param) =>
  recordQuery(db).where('time_records.id', '=', activeRecordIdOf(db, param('userId'))),
);

export async function findActiveRecord(db: Kysely<DB>, userId: string, now?: Date): Promise<TimeRecord | undefined> {
  const row = await activeRecordOf.takeFirst(db, { userId });
  return row && toTimeRecord(row, now);
}

/** A user's records newest first, optionally within [from, to) by start time. */
export async function listUserRecords(
  db: Kysely<DB>,
  userId: string,
  options: { from?: string; to?: string; limit: number; now?: Date },
): Promise<TimeRecord[]> {
  const rows = await recordQuery(db)
    .where('time_records.user_id', '=', userId)
    .$if(options.from !== undefined, (query) => query.where('time_records.start_time', '>=', options.from as string))
    .$if(options.to !== undefined, (query) => query.where('time_records.start_time', '<', options.to as string))
    .orderBy('time_records.start_time', 'desc')
    .orderBy('time_records.id', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map((row) => toTimeRecord(row, options.now));
}

export interface TimeLogCursor {
  startTime: string;
  id: string;
}

/** The time log, newest first, keyset-paginated on (start_time, id) so the last page costs the first's. */
function timeLogQuery(db: Kysely<DB>) {
  return (
    recordQuery(db)
      .leftJoin('users', 'users.id', 'time_records.user_id')
      // Inner join: records of a deleted company leave every screen (decision 8; kept for the legal archive).
      .innerJoin('companies', 'companies.id', 'time_records.company_id')
      .select(['users.name as user_name', 'companies.name as company_name'])
  );
}

// A company's time log is a supervisor's daily screen: its two page shapes are prepared.
const companyTimeLogFirstPage = preparedQuery<{ companyId: string; limit: number }>()((db, param) =>
  timeLogQuery(db)
    .where('time_records.company_id', '=', param('companyId'))
    .orderBy('time_records.start_time', 'desc')
    .orderBy('time_records.id', 'desc')
    .limit(param('limit')),
);
const companyTimeLogNextPage = preparedQuery<{ companyId: string; startTime: string; id: string; limit: number }>()((db, param) =>
  timeLogQuery(db)
    .where('time_records.company_id', '=', param('companyId'))
    // A row-value comparison, not `a < x or (a = x and b < y)`: both engines turn it into a range
    // on the (company_id, start_time, id) index, so the last page reads 50 rows like the first
    // (with the OR, SQLite walked the company's whole index down to the cursor).
    .where((eb) => eb(eb.refTuple('time_records.start_time', 'time_records.id'), '<', eb.tuple(param('startTime'), param('id'))))
    .orderBy('time_records.start_time', 'desc')
    .orderBy('time_records.id', 'desc')
    .limit(param('limit')),
);

/** The time log's filters, already turned into instants (see dayRangeInstants). */
export interface TimeLogRepositoryFilters {
  userId?: string;
  eventId?: string;
  /** Records that start at or after this instant. */
  from?: string;
  /** Records that start before this instant. */
  to?: string;
  q?: string;
}

function hasFilters(filters: TimeLogRepositoryFilters | undefined): filters is TimeLogRepositoryFilters {
  return filters !== undefined && Object.values(filters).some((value) => value !== undefined);
}

export async function listTimeLog(
  db: Kysely<DB>,
  scope: CompanyScope,
  options: { cursor?: TimeLogCursor; limit: number; companyId?: string; now?: Date; filters?: TimeLogRepositoryFilters },
): Promise<TimeLogEntry[]> {
  // A supervisor's company always bounds the list: a filter narrows it, never widens it.
  const companyId = scope.kind === 'company' ? scope.companyId : options.companyId;
  const { cursor, limit, filters } = options;
  const rows =
    companyId === undefined || hasFilters(filters)
      ? await timeLogQuery(db)
          .$if(companyId !== undefined, (query) => query.where('time_records.company_id', '=', companyId!))
          .$if(filters?.userId !== undefined, (query) => query.where('time_records.user_id', '=', filters!.userId!))
          .$if(filters?.eventId !== undefined, (query) => query.where('time_records.event_id', '=', filters!.eventId!))
          .$if(filters?.from !== undefined, (query) => query.where('time_records.start_time', '>=', filters!.from!))
          .$if(filters?.to !== undefined, (query) => query.where('time_records.start_time', '<', filters!.to!))
          .$if(filters?.q !== undefined, (query) => query.where((eb) => anyContains(eb, [eb.ref('users.name'), eb.ref('events.name')], filters!.q!)))
          .$if(cursor !== undefined, (query) =>
            query.where((eb) => eb(eb.refTuple('time_records.start_time', 'time_records.id'), '<', eb.tuple(cursor!.startTime, cursor!.id))),
          )
          .orderBy('time_records.start_time', 'desc')
          .orderBy('time_records.id', 'desc')
          .limit(limit)
          .execute()
      : cursor === undefined
        ? await companyTimeLogFirstPage.execute(db, { companyId, limit })
        : await companyTimeLogNextPage.execute(db, { companyId, startTime: cursor.startTime, id: cursor.id, limit });
  return rows.map((row) => ({ ...toTimeRecord(row, options.now), userName: row.user_name, companyName: row.company_name }));
}

/** How many events the time log's event filter offers (the most recent first). */
const FILTER_EVENTS_OFFERED = 300;

/** The people and recent events of one company, for the time log's filters. */
export async function listTimeLogFilterOptions(db: Kysely<DB>, companyId: string) {
  const [workers, events] = await Promise.all([
    db.selectFrom('users').select(['id', 'name']).where('company_id', '=', companyId).orderBy('name').orderBy('id').execute(),
    db
      .selectFrom('events')
      .select(['id', 'name', 'start_time'])
      .where('company_id', '=', companyId)
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .limit(FILTER_EVENTS_OFFERED)
      .execute(),
  ]);
  return { workers, events: events.map((event) => ({ id: event.id, name: event.name, startTime: event.start_time })) };
}

/** Time-log entries of the given records (a short list, e.g. the 'Sin cierre' ones), in the order given. */
export async function listTimeLogByIds(db: Kysely<DB>, ids: readonly string[], now: Date): Promise<TimeLogEntry[]> {
  if (ids.length === 0) return [];
  const rows = await recordQuery(db)
    .leftJoin('users', 'users.id', 'time_records.user_id')
    .innerJoin('companies', 'companies.id', 'time_records.company_id')
    .select(['users.name as user_name', 'companies.name as company_name'])
    .where('time_records.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, { ...toTimeRecord(row, now), userName: row.user_name, companyName: row.company_name }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
