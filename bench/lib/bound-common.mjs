// What both database bounds (bench/bound-server-postgres.mjs, bench/bound-server-sqlite.mjs) share:
// the session cookie and its hash, the registro chain's hashes (computed as
// apps/api/src/ledgers/registro-chain does, with the same REGISTRO_CHAIN_KEY, so the entries a
// bound appends keep the product's chain valid), the JSON of a time record, and tiny HTTP helpers.
// Plain JavaScript on node:http and node:crypto: no framework, no query builder, no schema library.
import { createHash, createHmac, randomUUID } from 'node:crypto';

export const SESSION_COOKIE = 'jornada_session';
export const CSRF_HEADER = 'x-requested-with';
export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
export const TOUCH_INTERVAL_MS = 60 * 1000;
export const SIN_CIERRE_GRACE_MS = 2 * 60 * 60 * 1000;
export const SIN_CIERRE_WITHOUT_EVENT_MS = 24 * 60 * 60 * 1000;
export const GENESIS_HASH = '0'.repeat(64);

export const sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The session id a cookie names: its token's SHA-256 (the database never holds the token). */
export function sessionIdOf(request) {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return sha256Hex(decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return null;
}

/** Alive as the product judges it (session-policy.ts): not expired, not idle, user enabled. */
export function sessionUsable(row, nowMs) {
  return Boolean(row) && Date.parse(row.expires_at) > nowMs && Date.parse(row.last_seen_at) + IDLE_TIMEOUT_MS > nowMs && Number(row.is_disabled) !== 1 && Number(row.is_deleted) !== 1;
}

export const needsTouch = (row, nowMs) => nowMs - Date.parse(row.last_seen_at) >= TOUCH_INTERVAL_MS;

/** The chain key from REGISTRO_CHAIN_KEY (hex or base64), as chain-key.ts reads it. */
export function chainKeyFromEnv() {
  const text = process.env.REGISTRO_CHAIN_KEY;
  if (!text) throw new Error('the bound needs REGISTRO_CHAIN_KEY (the bench sets it for every process)');
  const value = text.trim();
  const secret = /^[0-9a-fA-F]+$/.test(value) && value.length % 2 === 0 ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  const fingerprint = createHash('sha256').update('jornada registro-chain key v1\n').update(secret).digest('hex');
  return { id: fingerprint.slice(0, 16), secret };
}

export function canonicalJson(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
}

/** timeRecordPayload of registro-chain.ts: the legal fields of a record row. */
export function recordPayload(row) {
  return {
    id: row.id,
    companyId: row.company_id,
    userId: row.user_id,
    eventId: row.event_id,
    startTime: row.start_time,
    endTime: row.end_time,
    duration: row.duration === null ? null : Number(row.duration),
    status: row.status,
    startLocation: row.start_location,
    endLocation: row.end_location,
    corrected: Number(row.corrected),
    createdAt: row.created_at,
    ...(row.flags ? { flags: row.flags } : {}),
    ...(row.presence ? { presence: row.presence } : {}),
  };
}

/** The next entry after `head` (version 2, keyed): its fields, ready to insert. */
export function chainEntry(key, head, { companyId, action, subjectId, payload, at }) {
  const seq = Number(head.seq) + 1;
  const payloadHash = sha256Hex(canonicalJson(payload));
  const body = canonicalJson({ companyId, seq, kind: 'fichaje', action, subjectId, payloadHash, version: 2, keyId: key.id });
  const hash = createHmac('sha256', key.secret).update(head.hash + body, 'utf8').digest('hex');
  return { companyId, seq, kind: 'fichaje', action, subjectId, payloadHash, prevHash: head.hash, hash, createdAt: at, keyId: key.id };
}

export const newId = (prefix) => `${prefix}-${randomUUID()}`;

const parseJson = (text) => (text ? JSON.parse(text) : null);

/** A time record row as the API answers it (shared/schemas/time-records TimeRecord). */
export function recordJson(row, nowMs) {
  const flags = row.flags ? String(row.flags).split(',').filter(Boolean) : [];
  const eventEnd = row.event_end ?? null;
  const sinCierreFrom = eventEnd ? Date.parse(eventEnd) + SIN_CIERRE_GRACE_MS : Date.parse(row.start_time) + SIN_CIERRE_WITHOUT_EVENT_MS;
  return {
    id: row.id,
    userId: row.user_id,
    eventId: row.event_id,
    companyId: row.company_id,
    startTime: row.start_time,
    endTime: row.end_time,
    duration: row.duration === null ? null : Number(row.duration),
    status: row.status,
    startLocation: parseJson(row.start_location),
    endLocation: parseJson(row.end_location),
    eventName: row.event_name ?? null,
    corrected: Number(row.corrected) === 1,
    addedByCorrection: Number(row.corrected) === 2,
    sinCierre: row.status === 'activo' && nowMs >= sinCierreFrom,
    pendingCorrection: row.pending_id != null,
    flags,
    presence: parseJson(row.presence),
  };
}

export const formatDuration = (minutes) => `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
export const durationMinutes = (start, endMs) => Math.max(0, Math.floor((endMs - Date.parse(start)) / 60000));

/** A whole JSON body (bodies are small: a clock-in is ~90 bytes). */
export function readJson(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {});
      } catch (error) {
        reject(error);
      }
    });
    request.on('error', reject);
  });
}

export function send(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export const listenPort = () => Number(process.env.PORT ?? 0);

/** The offset of `timeZone` at `ms`, in ms (local wall time minus UTC). */
function zoneOffset(ms, timeZone) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - Math.floor(ms / 1000) * 1000;
}

/** Local midnight of a day in `timeZone`, as an instant. */
function zonedMidnight(year, monthIndex, day, timeZone) {
  const guess = Date.UTC(year, monthIndex, day);
  const first = guess - zoneOffset(guess, timeZone);
  return guess - zoneOffset(first, timeZone);
}

/** A month 'yyyy-MM' of local time as [start, end) ISO instants (shared/format monthRange). */
export function monthRange(month, timeZone) {
  const [year, number] = month.split('-').map(Number);
  return { start: new Date(zonedMidnight(year, number - 1, 1, timeZone)).toISOString(), end: new Date(zonedMidnight(year, number, 1, timeZone)).toISOString() };
}
