// The PostgreSQL bound of the session, dashboard and clock-cycle rows (issue 29, item 1): the
// product's database work for those requests with nothing else — node:http, one pg.Pool, no
// Fastify, no Kysely, no zod. The product's ratio to it is the cost of everything that is ours.
//
// What it does per request (bench/README.md lists the product's statements beside these):
// - every request: the session lookup (the product's statement) and its checks; a touch when due;
// - GET /api/auth/me: ONE statement (session, user, role, company, categories, granted views)
//   where the product sends four;
// - the dashboard's GETs: the product's own statements, in its order (one round trip each);
// - clock-in / clock-out: begin, the product's read (event + assignment + running timer + webhook
//   subscriptions / the completing update), the chain head `for update`, ONE statement that writes
//   the chain entry, the head, the record and the action-log line (a data-modifying CTE), commit:
//   6 round trips where the product sends 10. Hashes as the product's registro chain computes them,
//   with the same key, on the same company chain: the product's later appends and verify-registro
//   still find a valid chain.
// Statements are prepared by name (pg `name:`) unless BOUND_PREPARED=0.
//
// Environment: DATABASE_URL, PORT, DATABASE_POOL_SIZE (the pg.Pool's max; the bench passes the
// product's pool size so both hold as many connections), REGISTRO_CHAIN_KEY, TZ_DEFAULT.
import { createServer } from 'node:http';
import pg from 'pg';
import {
  chainEntry, chainKeyFromEnv, CSRF_HEADER, durationMinutes, formatDuration, GENESIS_HASH, listenPort, monthRange,
  needsTouch, newId, readJson, recordJson, recordPayload, send, sessionIdOf, sessionUsable,
} from './lib/bound-common.mjs';

const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: poolSize });
const prepared = process.env.BOUND_PREPARED !== '0';
const timeZone = process.env.TZ_DEFAULT || 'Europe/Madrid';
const key = chainKeyFromEnv();

let statementSerial = 0;
/** A statement: its text once, prepared by name on each connection the first time it runs there. */
const statement = (text) => ({ name: prepared ? `bound_${++statementSerial}` : undefined, text });
const run = (db, { name, text }, values) => db.query(name ? { name, text, values } : { text, values });

const SESSION = statement(
  'select "sessions"."id", "sessions"."last_seen_at", "sessions"."expires_at", "users"."id" as "user_id", "users"."name", "users"."username", "users"."role_id", "roles"."base_role" as "role_name", "users"."company_id", "users"."is_disabled", "users"."is_deleted" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" inner join "roles" on "roles"."id" = "users"."role_id" where "sessions"."id" = $1',
);
const TOUCH = statement('update "sessions" set "last_seen_at" = $1 where "id" = $2');
// /me in one round trip: what the product reads in four (session, user, categories, views).
const ME = statement(`select s.id, s.last_seen_at, s.expires_at, u.id as user_id, u.name, u.username, u.email, u.role_id, r.base_role as role_name, r.name as role_display,
  u.company_id, c.name as company_name, u.is_disabled, u.is_deleted,
  array(select category_id from user_categories where user_id = u.id) as category_ids,
  array(select view_id from company_permissions where company_id = u.company_id and role_id = u.role_id) as granted_views
  from sessions s join users u on u.id = s.user_id join roles r on r.id = u.role_id left join companies c on c.id = u.company_id where s.id = $1`);

// The dashboard's statements, as the product sends them (bench/pg-round-trips.ts prints them).
const SUMMARY_ASSIGNMENTS = statement(
  'select count(*) as "total", sum(case when ("event_assignments"."start_time" <= $1 and "event_assignments"."end_time" > $2) then 1 else 0 end) as "active" from "event_assignments" where "event_assignments"."user_id" = $3 and "event_assignments"."state" != \'declined\' and "event_assignments"."company_id" = $4',
);
const SUMMARY_RECORDS = statement(
  'select count(*) as "record_count", sum(case when "time_records"."status" = $1 then "time_records"."duration" else 0 end) as "total_minutes" from "time_records" where "time_records"."user_id" = $2 and "time_records"."company_id" = $3',
);
const VACATION_REQUESTS = statement(
  'select "vacation_requests".*, "employee"."name" as "employee_name", "supervisor"."name" as "supervisor_name", "signature"."bytes" as "signature_bytes" from "vacation_requests" left join "users" as "employee" on "employee"."id" = "vacation_requests"."employee_id" left join "users" as "supervisor" on "supervisor"."id" = "vacation_requests"."supervisor_id" left join "files" as "signature" on "signature"."id" = "vacation_requests"."signature_file_id" where "vacation_requests"."employee_id" = $1 order by "vacation_requests"."created_at" desc, "vacation_requests"."id" desc limit $2',
);
const VACATION_DAYS = statement(
  'select distinct "vacation_days"."day" from "vacation_days" inner join "vacation_requests" on "vacation_requests"."id" = "vacation_days"."request_id" where "vacation_days"."employee_id" = $1 and "vacation_requests"."status" = $2 order by "vacation_days"."day"',
);
const LOANS = statement(
  'select "material_loans"."id", "material_loans"."company_id", "companies"."name" as "company_name", "material_loans"."employee_id", "material_loans"."employee_name", "material_loans"."supervisor_id", "material_loans"."supervisor_name", "material_loans"."status", "material_loans"."loan_date", "material_loans"."confirmation_date", "material_loans"."denial_date", "material_loans"."return_request_date", "material_loans"."return_date", case when material_loans.signature_file_id is null then 0 else 1 end as "signed" from "material_loans" inner join "companies" on "companies"."id" = "material_loans"."company_id" where "material_loans"."employee_id" = $1 and "material_loans"."status" in ($2, $3) order by "material_loans"."loan_date" desc, "material_loans"."id" desc limit $4',
);
const AMENDMENTS_AWAITING = statement(
  'select count(*) as "count" from "time_record_amendments" as "a" inner join "companies" on "companies"."id" = "a"."company_id" where "a"."status" = $1 and "a"."proposer_side" = $2 and "a"."user_id" = $3',
);
const SIN_CIERRE = statement(
  'select count(*) as "count" from "time_records" inner join "companies" on "companies"."id" = "time_records"."company_id" left join "events" on "events"."id" = "time_records"."event_id" where "time_records"."user_id" = $1 and "time_records"."status" = \'activo\' and ("events"."end_time" <= $2 or ("events"."id" is null and "time_records"."start_time" <= $3))',
);
const RECORD_COLUMNS =
  '"time_records"."id", "time_records"."user_id", "time_records"."event_id", "time_records"."company_id", "time_records"."start_time", "time_records"."end_time", "time_records"."duration", "time_records"."status", "time_records"."start_location", "time_records"."end_location", "time_records"."corrected", "time_records"."flags", "time_records"."presence", "events"."name" as "event_name", "events"."end_time" as "event_end", "pending"."id" as "pending_id" from "time_records" left join "events" on "events"."id" = "time_records"."event_id" left join "time_record_amendments" as "pending" on "pending"."record_id" = "time_records"."id" and "pending"."status" = $1';
const ACTIVE = statement(`select ${RECORD_COLUMNS} where "time_records"."id" = (select "active"."id" from "time_records" as "active" where "active"."user_id" = $2 and "active"."status" = 'activo')`);
const MINE = statement(`select ${RECORD_COLUMNS} where "time_records"."user_id" = $2 order by "time_records"."start_time" desc, "time_records"."id" desc limit $3`);
const CLOCKABLE = statement(
  'select "events"."id", "events"."name", "events"."location", "events"."start_time", "events"."end_time", "events"."requires_venue_code" from "event_assignments" inner join "events" on "events"."id" = "event_assignments"."event_id" where "event_assignments"."user_id" = $1 and "event_assignments"."state" != \'declined\' and "event_assignments"."end_time" > $2 and "event_assignments"."start_time" <= $3 order by "event_assignments"."start_time", "events"."id" limit $4',
);
const CALENDAR = statement(
  'select "events"."id", "events"."company_id", "companies"."name" as "company_name", "events"."name", "events"."location", "events"."start_time", "events"."end_time", "events"."type", "events"."repeat_days", "events"."finished_early_at", "events"."created_at", "events"."geo_lat", "events"."geo_lng", "events"."geo_radius_m", "events"."requires_venue_code" from "event_assignments" inner join "events" on "events"."id" = "event_assignments"."event_id" inner join "companies" on "companies"."id" = "events"."company_id" where "event_assignments"."user_id" = $1 and "event_assignments"."state" != \'declined\' and "event_assignments"."company_id" = $2 and "event_assignments"."end_time" > $3 and "event_assignments"."start_time" >= $4 and "event_assignments"."start_time" < $5 order by "event_assignments"."start_time", "events"."id" limit $6',
);
const UNREAD = statement('select count(*) as "count" from "notifications" where "user_id" = $1 and "company_id" = $2 and "read_at" is null');

// The clock-in's read: the product's (event, the caller's assignment, a running timer), plus whether
// the company has webhook subscriptions (the product reads them in a statement of its own).
const CLOCK_IN_CONTEXT = statement(
  `select "events"."id", "events"."company_id", "events"."name", "events"."start_time", "events"."end_time", "events"."geo_lat", "events"."geo_lng", "events"."geo_radius_m", "events"."requires_venue_code",
   (select "event_assignments"."state" from "event_assignments" where "event_assignments"."event_id" = "events"."id" and "event_assignments"."user_id" = $1) as "assignment_state",
   (select "active"."id" from "time_records" as "active" where "active"."user_id" = $1 and "active"."status" = 'activo') as "active_id",
   exists (select 1 from "webhook_subscriptions" where "company_id" = "events"."company_id") as "has_webhooks"
   from "events" where "events"."id" = $2`,
);
// The clock-out's completing update, the product's statement (its row lock before the head's).
const COMPLETE = statement(
  `update "time_records" set "status" = $1, "end_time" = $2, "end_location" = $3 where "time_records"."id" = $4 and "time_records"."user_id" = $5 and "time_records"."status" = 'activo' returning "time_records"."id", "time_records"."company_id", "time_records"."user_id", "time_records"."event_id", "time_records"."start_time", "time_records"."end_time", "time_records"."duration", "time_records"."status", "time_records"."start_location", "time_records"."end_location", "time_records"."corrected", "time_records"."created_at", "time_records"."flags", "time_records"."presence", (select "events"."name" from "events" where "events"."id" = "time_records"."event_id") as "event_name", (select "events"."end_time" from "events" where "events"."id" = "time_records"."event_id") as "event_end", (select "pending"."id" from "time_record_amendments" as "pending" where "pending"."record_id" = "time_records"."id" and "pending"."status" = 'pendiente') as "pending_id", exists (select 1 from "webhook_subscriptions" where "company_id" = "time_records"."company_id") as "has_webhooks"`,
);
const HEAD = statement('select "seq", "hash", "key_id" from "registro_chain_heads" where "company_id" = $1 for update');
const CREATE_HEAD = statement('insert into "registro_chain_heads" ("company_id", "seq", "hash", "key_id") values ($1, 0, $2, $3) on conflict ("company_id") do nothing');
const CHAIN_AND_HEAD = `insert into "registro_chain" ("company_id", "seq", "kind", "action", "subject_id", "payload_hash", "prev_hash", "hash", "created_at", "purged_at", "version", "key_id")
     values ($1, $2, 'fichaje', $3, $4, $5, $6, $7, $8, null, 2, $9)`;
// One round trip for every write of a clock-in: chain entry, head, record, action-log line.
const WRITE_CLOCK_IN = statement(`with entry as (${CHAIN_AND_HEAD}),
  head as (update "registro_chain_heads" set "seq" = $2, "hash" = $7, "key_id" = $9 where "company_id" = $1),
  record as (insert into "time_records" ("id", "company_id", "user_id", "event_id", "start_time", "start_location", "created_at", "hash", "flags", "presence", "status", "end_time", "duration", "end_location", "corrected")
     values ($4, $1, $10, $11, $8, $12, $8, $7, '', null, 'activo', null, null, null, 0)),
  log as (insert into "action_log" ("id", "created_at", "actor_id", "actor_name", "company_id", "kind", "message") values ($13, $8, $10, $14, $1, 'time-record.start', $15))
  select 1`);
// …and of a clock-out: chain entry, head, the record's duration and hash, action-log line.
const WRITE_CLOCK_OUT = statement(`with entry as (${CHAIN_AND_HEAD}),
  head as (update "registro_chain_heads" set "seq" = $2, "hash" = $7, "key_id" = $9 where "company_id" = $1),
  record as (update "time_records" set "duration" = $10, "hash" = $7, "flags" = '', "presence" = null where "id" = $4),
  log as (insert into "action_log" ("id", "created_at", "actor_id", "actor_name", "company_id", "kind", "message") values ($11, $8, $12, $13, $1, 'time-record.stop', $14))
  select 1`);

class HttpError extends Error {
  constructor(status, code) {
    super(code);
    this.status = status;
    this.code = code;
  }
}

/** The request's session (one statement), touched when the product would touch it. */
async function actorOf(request) {
  const sessionId = sessionIdOf(request);
  if (!sessionId) throw new HttpError(401, 'UNAUTHENTICATED');
  const row = (await run(pool, SESSION, [sessionId])).rows[0];
  return checked(row, sessionId);
}

async function checked(row, sessionId) {
  const nowMs = Date.now();
  if (!sessionUsable(row, nowMs)) throw new HttpError(401, 'UNAUTHENTICATED');
  if (needsTouch(row, nowMs)) await run(pool, TOUCH, [new Date(nowMs).toISOString(), sessionId]);
  return row;
}

const count = (result, column = 'count') => Number(result.rows[0]?.[column] ?? 0);

async function me(request) {
  const sessionId = sessionIdOf(request);
  if (!sessionId) throw new HttpError(401, 'UNAUTHENTICATED');
  const row = await checked((await run(pool, ME, [sessionId])).rows[0], sessionId);
  return {
    user: { id: row.user_id, name: row.name, username: row.username, email: row.email, roleId: row.role_id, role: row.role_name, roleName: row.role_display, companyId: row.company_id, categoryIds: row.category_ids, isDisabled: false },
    profile: { id: row.user_id, name: row.name, role: row.role_name, roleName: row.role_display, companyId: row.company_id, companyName: row.company_name, grantedViews: row.granted_views },
  };
}

const dashboard = {
  '/api/overview/summary': async (actor) => {
    const now = new Date().toISOString();
    const assignments = await run(pool, SUMMARY_ASSIGNMENTS, [now, now, actor.user_id, actor.company_id]);
    const records = await run(pool, SUMMARY_RECORDS, ['completado', actor.user_id, actor.company_id]);
    return { totalMinutes: count(records, 'total_minutes'), totalEvents: count(assignments, 'total'), activeEvents: count(assignments, 'active'), recordCount: count(records, 'record_count') };
  },
  '/api/my-vacations': async (actor) => {
    const requests = await run(pool, VACATION_REQUESTS, [actor.user_id, 200]);
    const days = await run(pool, VACATION_DAYS, [actor.user_id, 'confirmado']);
    return { requests: requests.rows.map(({ signature_bytes: _signature, ...rest }) => rest), confirmedDates: days.rows.map((row) => row.day) };
  },
  '/api/material-loans/mine': async (actor) => {
    const rows = (await run(pool, LOANS, [actor.user_id, 'Pendiente de confirmación', 'Pendiente de devolución', 101])).rows;
    return { items: rows.slice(0, 100), truncated: rows.length > 100 };
  },
  '/api/corrections/summary': async (actor) => {
    const nowMs = Date.now();
    const awaiting = await run(pool, AMENDMENTS_AWAITING, ['pendiente', 'empresa', actor.user_id]);
    const open = await run(pool, SIN_CIERRE, [actor.user_id, new Date(nowMs - 2 * 3_600_000).toISOString(), new Date(nowMs - 24 * 3_600_000).toISOString()]);
    return { awaitingMe: count(awaiting), sinCierre: count(open) };
  },
  '/api/time-records/active': async (actor) => {
    const row = (await run(pool, ACTIVE, ['pendiente', actor.user_id])).rows[0];
    return { record: row ? recordJson(row, Date.now()) : null };
  },
  '/api/time-records/clockable-events': async (actor) => {
    const now = new Date().toISOString();
    const rows = (await run(pool, CLOCKABLE, [actor.user_id, now, now, 50])).rows;
    return { items: rows.map((row) => ({ id: row.id, name: row.name, location: row.location, date: row.start_time, endDate: row.end_time, requiresVenueCode: Boolean(row.requires_venue_code) })) };
  },
  '/api/time-records/mine': async (actor, query) => {
    const limit = Number(query.get('limit') ?? 20);
    const rows = (await run(pool, MINE, ['pendiente', actor.user_id, limit + 1])).rows;
    const nowMs = Date.now();
    const records = rows.slice(0, limit).map((row) => recordJson(row, nowMs));
    const last = records[records.length - 1];
    return { records, nextCursor: rows.length > limit && last ? Buffer.from(JSON.stringify([last.startTime, last.id])).toString('base64url') : null };
  },
  '/api/events/calendar': async (actor, query) => {
    const month = query.get('month');
    const range = monthRange(month, timeZone);
    const rows = (await run(pool, CALENDAR, [actor.user_id, actor.company_id, range.start, range.start, range.end, 1001])).rows;
    const states = new Map();
    if (rows.length > 0) {
      // The product's second statement: an IN list as long as the month's events (not preparable by name).
      const text = `select "event_id", "state" from "event_assignments" where "user_id" = $1 and "event_id" in (${rows.map((_, i) => `$${i + 2}`).join(', ')})`;
      for (const row of (await pool.query(text, [actor.user_id, ...rows.map((row) => row.id)])).rows) states.set(row.event_id, row.state);
    }
    const nowMs = Date.now();
    const items = rows.slice(0, 1000).map((row) => {
      const endDate = row.finished_early_at ?? row.end_time;
      const status = nowMs < Date.parse(row.start_time) ? 'Programado' : nowMs < Date.parse(endDate) ? 'Activo' : 'Finalizado';
      const state = states.get(row.id) ?? 'accepted';
      return {
        id: row.id, name: row.name, location: row.location, date: row.start_time, endDate, status, type: row.type,
        repeatDays: row.repeat_days ? String(row.repeat_days).split(',').filter(Boolean).map(Number) : [],
        companyId: row.company_id, companyName: row.company_name,
        assignedEmployees: [actor.user_id], assignedEmployeeNames: [actor.name], assignedEmployeeStates: [state], declinedEmployees: [],
        finishedEarlyAt: row.finished_early_at, createdAt: row.created_at, geoLat: row.geo_lat, geoLng: row.geo_lng, geoRadiusM: row.geo_radius_m, requiresVenueCode: Boolean(row.requires_venue_code),
      };
    });
    return { month, items };
  },
  '/api/notifications/unread-count': async (actor) => ({ unread: count(await run(pool, UNREAD, [actor.user_id, actor.company_id])) }),
};

/** One transaction on one pooled connection; rolled back on any refusal. */
async function transaction(work) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The company's chain head, locked until commit (created keyed, as the product does, for a first entry). */
async function lockedHead(client, companyId) {
  let head = (await run(client, HEAD, [companyId])).rows[0];
  if (!head) {
    await run(client, CREATE_HEAD, [companyId, GENESIS_HASH, key.id]);
    head = (await run(client, HEAD, [companyId])).rows[0];
  }
  // A chain of version 1 entries needs its 'clave-introducida' entry first: the product's start writes it.
  if (head.key_id !== key.id) throw new HttpError(500, 'CHAIN_KEY_MISMATCH');
  return head;
}

const serializeLocation = (location) => (location ? JSON.stringify({ lat: location.lat, lng: location.lng, ...(location.accuracy !== undefined ? { accuracy: location.accuracy } : {}) }) : null);

async function clockIn(actor, body) {
  if (typeof body.eventId !== 'string') throw new HttpError(400, 'VALIDATION_ERROR');
  return transaction(async (client) => {
    const now = new Date();
    const at = now.toISOString();
    const event = (await run(client, CLOCK_IN_CONTEXT, [actor.user_id, body.eventId])).rows[0];
    const assigned = event && (event.assignment_state === 'pending' || event.assignment_state === 'accepted');
    if (!event || event.company_id !== actor.company_id || (actor.role_name === 'Empleado' && !assigned)) throw new HttpError(404, 'NOT_FOUND');
    if (actor.role_name === 'Empleado' && event.assignment_state === 'pending') throw new HttpError(409, 'CONFLICT');
    if (now.getTime() < Date.parse(event.start_time)) throw new HttpError(409, 'CLOCK_IN_TOO_EARLY');
    if (now.getTime() >= Date.parse(event.end_time)) throw new HttpError(409, 'EVENT_FINISHED');
    if (event.active_id) throw new HttpError(409, 'TIMER_ALREADY_ACTIVE');
    // The bench's shift has no geofence and no venue code: the product's checks pass without flags.
    if (event.geo_lat !== null || event.requires_venue_code) throw new HttpError(500, 'BOUND_HAS_NO_GEOFENCE');
    const row = {
      id: newId('tr'), company_id: event.company_id, user_id: actor.user_id, event_id: event.id, start_time: at, end_time: null, duration: null, status: 'activo',
      start_location: serializeLocation(body.location), end_location: null, corrected: 0, created_at: at, flags: '', presence: null,
    };
    const head = await lockedHead(client, event.company_id);
    const entry = chainEntry(key, head, { companyId: event.company_id, action: 'entrada', subjectId: row.id, payload: recordPayload(row), at });
    await run(client, WRITE_CLOCK_IN, [
      entry.companyId, entry.seq, entry.action, entry.subjectId, entry.payloadHash, entry.prevHash, entry.hash, at, entry.keyId,
      actor.user_id, event.id, row.start_location, newId('log'), actor.name, `${actor.name} ha iniciado su turno en «${event.name}»`,
    ]);
    return recordJson({ ...row, event_name: event.name, event_end: event.end_time, pending_id: null }, now.getTime());
  });
}

async function clockOut(actor, recordId, body) {
  return transaction(async (client) => {
    const now = new Date();
    const at = now.toISOString();
    const row = (await run(client, COMPLETE, ['completado', at, serializeLocation(body.location), recordId, actor.user_id])).rows[0];
    if (!row) throw new HttpError(409, 'NO_ACTIVE_TIMER');
    const duration = durationMinutes(row.start_time, now.getTime());
    const completed = { ...row, duration, flags: '', presence: null };
    const head = await lockedHead(client, row.company_id);
    const entry = chainEntry(key, head, { companyId: row.company_id, action: 'salida', subjectId: row.id, payload: recordPayload(completed), at });
    await run(client, WRITE_CLOCK_OUT, [
      entry.companyId, entry.seq, entry.action, entry.subjectId, entry.payloadHash, entry.prevHash, entry.hash, at, entry.keyId,
      duration, newId('log'), actor.user_id, actor.name, `${actor.name} ha finalizado su turno en «${row.event_name ?? 'Evento Desconocido'}» (${formatDuration(duration)})`,
    ]);
    return recordJson(completed, now.getTime());
  });
}

const STOP_PATH = /^\/api\/time-records\/([^/]+)\/stop$/;

async function handle(request, response) {
  const [path, search = ''] = (request.url ?? '/').split('?');
  if (request.method === 'GET') {
    if (path === '/health') return send(response, 200, { ok: true, poolSize, prepared });
    if (path === '/api/auth/me') return send(response, 200, await me(request));
    const route = dashboard[path];
    if (route) {
      const actor = await actorOf(request);
      return send(response, 200, await route(actor, new URLSearchParams(search)));
    }
  }
  if (request.method === 'POST') {
    const stop = STOP_PATH.exec(path);
    if (path === '/api/time-records/start' || stop) {
      if (request.headers[CSRF_HEADER] !== 'jornada') throw new HttpError(403, 'CSRF');
      const actor = await actorOf(request);
      const body = await readJson(request);
      if (stop) return send(response, 200, await clockOut(actor, decodeURIComponent(stop[1]), body));
      return send(response, 201, await clockIn(actor, body));
    }
  }
  throw new HttpError(404, 'NOT_FOUND');
}

const server = createServer((request, response) => {
  handle(request, response).catch((error) => {
    if (error instanceof HttpError) return send(response, error.status, { error: error.code });
    console.error(error);
    send(response, 500, { error: 'INTERNAL' });
  });
});
server.keepAliveTimeout = 72_000;
server.listen(listenPort(), '127.0.0.1', () => console.log(`listening ${server.address().port}, pool ${poolSize}, prepared ${prepared}`));
const shutdown = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
