// The SQLite bound of the clock-cycle row (issue 29, item 4): the product's database work for a
// clock-in and a clock-out with nothing else — node:http and raw better-sqlite3 (prepared statements
// kept), no Fastify, no Kysely, no zod. Judged against it, clock-cycle shows the cost of everything
// that is ours; the POST echo row stays beside it as information.
//
// Per request: the session cookie checked with the product's session statement (touched when due),
// the CSRF header, then ONE transaction (BEGIN IMMEDIATE, as the product's write batches begin):
// clock-in reads the event, the caller's assignment, a running timer and the company's webhook
// subscriptions, appends the registro chain entry and moves the head (hashes computed as the
// product's registro chain does, with the same REGISTRO_CHAIN_KEY, on the company's own chain, so
// the product's later appends stay valid), inserts the record and the action-log line; clock-out
// completes the record, appends its entry, moves the head, writes duration and hash, logs. One
// transaction per request: no group commit (the product's write batches are its own work).
//
// It shares the database file with the product server of the same run; the bench runs them one
// after the other, never at once (bench/lib/load.ts measurePaired). Pragmas as the server's
// (apps/api/src/db/database.ts); like the server's connection it never checkpoints inline
// (wal_autocheckpoint = 0): the product's background checkpointer copies back what both wrote.
//
// Environment: DATABASE_URL (sqlite:/path), PORT, REGISTRO_CHAIN_KEY, BOUND_GROUP_COMMIT (below).
import { createServer } from 'node:http';
import BetterSqlite3 from 'better-sqlite3';
import {
  chainEntry, chainKeyFromEnv, CSRF_HEADER, durationMinutes, formatDuration, GENESIS_HASH, listenPort, needsTouch,
  newId, readJson, recordJson, recordPayload, send, sessionIdOf, sessionUsable,
} from './lib/bound-common.mjs';

const url = process.env.DATABASE_URL ?? '';
if (!url.startsWith('sqlite:')) throw new Error('DATABASE_URL must be sqlite:/path');
const sqlite = new BetterSqlite3(url.slice('sqlite:'.length));
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = NORMAL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('busy_timeout = 5000');
sqlite.pragma('temp_store = MEMORY');
sqlite.pragma('wal_autocheckpoint = 0');
const key = chainKeyFromEnv();

const session = sqlite.prepare(
  'select "sessions"."id", "sessions"."last_seen_at", "sessions"."expires_at", "users"."id" as "user_id", "users"."name", "users"."username", "users"."role_id", "roles"."base_role" as "role_name", "users"."company_id", "users"."is_disabled", "users"."is_deleted" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" inner join "roles" on "roles"."id" = "users"."role_id" where "sessions"."id" = ?',
);
const touch = sqlite.prepare('update "sessions" set "last_seen_at" = ? where "id" = ?');
const begin = sqlite.prepare('begin immediate');
const commit = sqlite.prepare('commit');
const rollback = sqlite.prepare('rollback');
const clockInContext = sqlite.prepare(
  `select "events"."id", "events"."company_id", "events"."name", "events"."start_time", "events"."end_time", "events"."geo_lat", "events"."requires_venue_code",
   (select "state" from "event_assignments" where "event_id" = "events"."id" and "user_id" = @user) as "assignment_state",
   (select "id" from "time_records" where "user_id" = @user and "status" = 'activo') as "active_id",
   exists (select 1 from "webhook_subscriptions" where "company_id" = "events"."company_id") as "has_webhooks"
   from "events" where "events"."id" = @event`,
);
const complete = sqlite.prepare(
  `update "time_records" set "status" = 'completado', "end_time" = @end, "end_location" = @location where "id" = @id and "user_id" = @user and "status" = 'activo'
   returning "id", "company_id", "user_id", "event_id", "start_time", "end_time", "duration", "status", "start_location", "end_location", "corrected", "created_at", "flags", "presence",
   (select "name" from "events" where "events"."id" = "time_records"."event_id") as "event_name",
   (select "end_time" from "events" where "events"."id" = "time_records"."event_id") as "event_end",
   (select "id" from "time_record_amendments" where "record_id" = "time_records"."id" and "status" = 'pendiente') as "pending_id",
   exists (select 1 from "webhook_subscriptions" where "company_id" = "time_records"."company_id") as "has_webhooks"`,
);
const head = sqlite.prepare('select "seq", "hash", "key_id" from "registro_chain_heads" where "company_id" = ?');
const createHead = sqlite.prepare('insert into "registro_chain_heads" ("company_id", "seq", "hash", "key_id") values (?, 0, ?, ?) on conflict ("company_id") do nothing');
const insertEntry = sqlite.prepare(
  `insert into "registro_chain" ("company_id", "seq", "kind", "action", "subject_id", "payload_hash", "prev_hash", "hash", "created_at", "purged_at", "version", "key_id")
   values (@companyId, @seq, @kind, @action, @subjectId, @payloadHash, @prevHash, @hash, @createdAt, null, 2, @keyId)`,
);
const advanceHead = sqlite.prepare('update "registro_chain_heads" set "seq" = ?, "hash" = ?, "key_id" = ? where "company_id" = ?');
const insertRecord = sqlite.prepare(
  `insert into "time_records" ("id", "company_id", "user_id", "event_id", "start_time", "start_location", "created_at", "hash", "flags", "presence", "status", "end_time", "duration", "end_location", "corrected")
   values (@id, @company_id, @user_id, @event_id, @start_time, @start_location, @created_at, @hash, '', null, 'activo', null, null, null, 0)`,
);
const finishRecord = sqlite.prepare('update "time_records" set "duration" = ?, "hash" = ?, "flags" = \'\', "presence" = null where "id" = ?');
const insertLog = sqlite.prepare('insert into "action_log" ("id", "created_at", "actor_id", "actor_name", "company_id", "kind", "message") values (?, ?, ?, ?, ?, ?, ?)');

class HttpError extends Error {
  constructor(status, code) {
    super(code);
    this.status = status;
    this.code = code;
  }
}

function actorOf(request) {
  const sessionId = sessionIdOf(request);
  const row = sessionId ? session.get(sessionId) : undefined;
  const nowMs = Date.now();
  if (!sessionUsable(row, nowMs)) throw new HttpError(401, 'UNAUTHENTICATED');
  if (needsTouch(row, nowMs)) touch.run(new Date(nowMs).toISOString(), sessionId);
  return row;
}

function transaction(work) {
  begin.run();
  try {
    const result = work();
    commit.run();
    return result;
  } catch (error) {
    if (sqlite.inTransaction) rollback.run();
    throw error;
  }
}

// BOUND_GROUP_COMMIT=1 (bench: BENCH_SQLITE_BOUND_GROUP_COMMIT=1): the writes that arrive in one turn
// of the event loop share one transaction, each in its own savepoint, at most 64, as the product's
// write batches (apps/api/src/db/write-batch.ts) do; a refusal undoes only its own writes. Off by
// default: issue 29 asks for one transaction per clock-in and per clock-out.
const groupCommit = process.env.BOUND_GROUP_COMMIT === '1';
const savepoint = sqlite.prepare('savepoint bound_item');
const release = sqlite.prepare('release bound_item');
const rollbackTo = sqlite.prepare('rollback to bound_item');
const queue = [];

function flush() {
  while (queue.length > 0) {
    const batch = queue.splice(0, 64);
    const outcomes = [];
    begin.run();
    try {
      for (const item of batch) {
        savepoint.run();
        try {
          outcomes.push({ ok: true, value: item.work() });
          release.run();
        } catch (error) {
          rollbackTo.run();
          release.run();
          outcomes.push({ ok: false, error });
        }
      }
      commit.run();
    } catch (error) {
      if (sqlite.inTransaction) rollback.run();
      for (const item of batch) item.reject(error);
      continue;
    }
    batch.forEach((item, i) => (outcomes[i].ok ? item.resolve(outcomes[i].value) : item.reject(outcomes[i].error)));
  }
}

/** One transaction per write, or (BOUND_GROUP_COMMIT=1) the write's place in this turn's batch. */
function write(work) {
  if (!groupCommit) return Promise.resolve().then(() => transaction(work));
  return new Promise((resolve, reject) => {
    queue.push({ work, resolve, reject });
    if (queue.length === 1) setImmediate(flush);
  });
}

function appendEntry(companyId, action, subjectId, payload, at) {
  let current = head.get(companyId);
  if (!current) {
    createHead.run(companyId, GENESIS_HASH, key.id);
    current = head.get(companyId);
  }
  if (current.key_id !== key.id) throw new HttpError(500, 'CHAIN_KEY_MISMATCH');
  const entry = chainEntry(key, current, { companyId, action, subjectId, payload, at });
  insertEntry.run(entry);
  advanceHead.run(entry.seq, entry.hash, key.id, companyId);
  return entry.hash;
}

const serializeLocation = (location) => (location ? JSON.stringify({ lat: location.lat, lng: location.lng, ...(location.accuracy !== undefined ? { accuracy: location.accuracy } : {}) }) : null);

function clockIn(actor, body) {
  if (typeof body.eventId !== 'string') throw new HttpError(400, 'VALIDATION_ERROR');
  return write(() => {
    const now = new Date();
    const at = now.toISOString();
    const event = clockInContext.get({ user: actor.user_id, event: body.eventId });
    const assigned = event && (event.assignment_state === 'pending' || event.assignment_state === 'accepted');
    if (!event || event.company_id !== actor.company_id || (actor.role_name === 'Empleado' && !assigned)) throw new HttpError(404, 'NOT_FOUND');
    if (actor.role_name === 'Empleado' && event.assignment_state === 'pending') throw new HttpError(409, 'CONFLICT');
    if (now.getTime() < Date.parse(event.start_time)) throw new HttpError(409, 'CLOCK_IN_TOO_EARLY');
    if (now.getTime() >= Date.parse(event.end_time)) throw new HttpError(409, 'EVENT_FINISHED');
    if (event.active_id) throw new HttpError(409, 'TIMER_ALREADY_ACTIVE');
    if (event.geo_lat !== null || event.requires_venue_code) throw new HttpError(500, 'BOUND_HAS_NO_GEOFENCE');
    const row = {
      id: newId('tr'), company_id: event.company_id, user_id: actor.user_id, event_id: event.id, start_time: at, end_time: null, duration: null, status: 'activo',
      start_location: serializeLocation(body.location), end_location: null, corrected: 0, created_at: at, flags: '', presence: null,
    };
    const hash = appendEntry(event.company_id, 'entrada', row.id, recordPayload(row), at);
    insertRecord.run({ ...row, hash });
    insertLog.run(newId('log'), at, actor.user_id, actor.name, event.company_id, 'time-record.start', `${actor.name} ha iniciado su turno en «${event.name}»`);
    return recordJson({ ...row, event_name: event.name, event_end: event.end_time, pending_id: null }, now.getTime());
  });
}

function clockOut(actor, recordId, body) {
  return write(() => {
    const now = new Date();
    const at = now.toISOString();
    const row = complete.get({ end: at, location: serializeLocation(body.location), id: recordId, user: actor.user_id });
    if (!row) throw new HttpError(409, 'NO_ACTIVE_TIMER');
    const duration = durationMinutes(row.start_time, now.getTime());
    const completed = { ...row, duration, flags: '', presence: null };
    const hash = appendEntry(row.company_id, 'salida', row.id, recordPayload(completed), at);
    finishRecord.run(duration, hash, row.id);
    insertLog.run(newId('log'), at, actor.user_id, actor.name, row.company_id, 'time-record.stop', `${actor.name} ha finalizado su turno en «${row.event_name ?? 'Evento Desconocido'}» (${formatDuration(duration)})`);
    return recordJson(completed, now.getTime());
  });
}

const STOP_PATH = /^\/api\/time-records\/([^/]+)\/stop$/;

async function handle(request, response) {
  const path = (request.url ?? '/').split('?')[0];
  if (request.method === 'GET' && path === '/health') return send(response, 200, { ok: true });
  if (request.method === 'POST') {
    const stop = STOP_PATH.exec(path);
    if (path === '/api/time-records/start' || stop) {
      if (request.headers[CSRF_HEADER] !== 'jornada') throw new HttpError(403, 'CSRF');
      const actor = actorOf(request);
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
server.listen(listenPort(), '127.0.0.1', () => console.log(`listening ${server.address().port}`));
const shutdown = () => server.close(() => {
  sqlite.close();
  process.exit(0);
});
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
