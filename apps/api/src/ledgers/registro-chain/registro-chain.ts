import { createHash } from 'node:crypto';
import { PostgresAdapter, type Kysely, type Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { DB, RegistroChainTable, TimeRecordAmendmentsTable, TimeRecordsTable } from '../../db/schema';
import { activeChainKeyring, hmacHex, keyringOf, type ChainKey, type ChainKeyring } from './chain-key';

/**
 * The registro's tamper evidence (issue 11, part 3): every write of a time record or an amendment
 * appends one entry to its company's chain. An entry holds only ids and hashes (no personal data),
 * so it outlives the 4-year purge of the rows it seals:
 *
 *   payload_hash = sha256(canonical JSON of the row's legal fields)
 *   hash         = HMAC-SHA256(key, prev_hash + canonical JSON of {company, seq, kind, action, subject,
 *                  payloadHash, version: 2, keyId})          (version 2, decision 031)
 *   hash         = sha256(prev_hash + canonical JSON of {company, seq, kind, action, subject, payloadHash})
 *                                                            (version 1: entries before the key)
 *
 * The key lives outside the database (chain-key.ts), so whoever can write the database alone cannot
 * re-seal an edited row.
 * Changing a row breaks its payload hash; changing, removing or reordering an entry breaks the links.
 */

export type ChainKind = RegistroChainTable['kind'];

/** The prev_hash of a company's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON with keys sorted at every level and no whitespace: one text per value, whatever the key order. */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: non-finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as Json)}`).join(',')}}`;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/** The legal fields of a time record (everything but its own hash). */
export function timeRecordPayload(row: Omit<Selectable<TimeRecordsTable>, 'hash'>): Json {
  return {
    id: row.id,
    companyId: row.company_id,
    userId: row.user_id,
    eventId: row.event_id,
    startTime: row.start_time,
    endTime: row.end_time,
    duration: numberOrNull(row.duration),
    status: row.status,
    startLocation: row.start_location,
    endLocation: row.end_location,
    corrected: Number(row.corrected),
    createdAt: row.created_at,
    // Only when set, so the records sealed before these columns existed still verify (decision 040).
    ...(row.flags ? { flags: row.flags } : {}),
    ...(row.presence ? { presence: row.presence } : {}),
  };
}

/** The fields of an amendment (everything but its own hash). */
export function amendmentPayload(row: Omit<Selectable<TimeRecordAmendmentsTable>, 'hash'>): Json {
  return {
    id: row.id,
    companyId: row.company_id,
    recordId: row.record_id,
    userId: row.user_id,
    eventId: row.event_id,
    proposedBy: row.proposed_by,
    proposerSide: row.proposer_side,
    status: row.status,
    reason: row.reason,
    beforeStart: row.before_start,
    beforeEnd: row.before_end,
    afterStart: row.after_start,
    afterEnd: row.after_end,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    decisionNote: row.decision_note,
    signatureFileId: row.signature_file_id,
    createdAt: row.created_at,
  };
}

export const payloadHashOf = (payload: Json) => sha256Hex(canonicalJson(payload));

export interface EntryLink {
  companyId: string;
  seq: number;
  kind: ChainKind;
  action: string;
  subjectId: string;
  payloadHash: string;
  prevHash: string;
}

/**
 * A version 1 entry's hash (plain SHA-256, the entries written before the key existed) from its
 * stored fields alone, so a purged subject is still verified by linkage. Anyone can compute it:
 * what decision 031 closes with version 2.
 */
export function entryHash(entry: EntryLink): string {
  return sha256Hex(entry.prevHash + entryBody(entry));
}

function entryBody(entry: EntryLink, keyed?: { keyId: string }): string {
  return canonicalJson({
    companyId: entry.companyId,
    seq: entry.seq,
    kind: entry.kind,
    action: entry.action,
    subjectId: entry.subjectId,
    payloadHash: entry.payloadHash,
    // Version and key are in the keyed body, so an entry cannot be passed off as another version.
    ...(keyed ? { version: 2, keyId: keyed.keyId } : {}),
  });
}

/** A version 2 entry's hash: HMAC-SHA256 under the chain key (decision 031). */
export function keyedEntryHash(entry: EntryLink, key: ChainKey): string {
  return hmacHex(key, entry.prevHash + entryBody(entry, { keyId: key.id }));
}

export interface AppendInput {
  companyId: string;
  kind: ChainKind;
  /** What happened, e.g. 'entrada', 'salida', 'correccion', 'propuesta', 'aprobada'. */
  action: string;
  subjectId: string;
  payload: Json;
  at: Date;
}

/** The server holds a key other than the one the chain names: it must not write entries nobody can verify. */
export class ChainKeyMismatchError extends Error {
  constructor(companyId: string, expected: string, held: string) {
    super(
      `La cadena del registro de la empresa ${companyId} está sellada con la clave ${expected} y este servidor tiene la clave ${held}: ` +
        'todos los servidores deben usar la misma clave (REGISTRO_CHAIN_KEY o el mismo fichero registro-chain.key); ' +
        'si se ha perdido, restaura la clave de la copia de seguridad.',
    );
    this.name = 'ChainKeyMismatchError';
  }
}

const headOf = preparedQuery<{ companyId: string }>()((db, param) =>
  db
    .selectFrom('registro_chain_heads')
    .select(['seq', 'hash', 'key_id'])
    .where('company_id', '=', param('companyId'))
    // The row lock that queues a company's appenders across servers until commit. SQLite has no
    // `for update` and needs none: it has one writer at a time, and this process one connection.
    .$if(db.getExecutor().adapter instanceof PostgresAdapter, (query) => query.forUpdate()),
);

const createHead = preparedQuery<{ companyId: string; hash: string; keyId: string }>()((db, param) =>
  db
    .insertInto('registro_chain_heads')
    .values({ company_id: param('companyId'), seq: 0, hash: param('hash'), key_id: param('keyId') })
    .onConflict((oc) => oc.column('company_id').doNothing()),
);

type EntryRow = Omit<RegistroChainTable, 'purged_at' | 'version'> & { version: number };

const entryValues = (param: <K extends keyof EntryRow & string>(name: K) => EntryRow[K]) => ({
  company_id: param('company_id'),
  seq: param('seq'),
  kind: param('kind'),
  action: param('action'),
  subject_id: param('subject_id'),
  payload_hash: param('payload_hash'),
  prev_hash: param('prev_hash'),
  hash: param('hash'),
  created_at: param('created_at'),
  purged_at: null,
  version: param('version'),
  key_id: param('key_id'),
});

const insertEntry = preparedQuery<EntryRow>()((db, param) => db.insertInto('registro_chain').values(entryValues(param)));

const advanceHead = preparedQuery<{ companyId: string; seq: number; hash: string; keyId: string }>()((db, param) =>
  db
    .updateTable('registro_chain_heads')
    .set({ seq: param('seq'), hash: param('hash'), key_id: param('keyId') })
    .where('company_id', '=', param('companyId')),
);

/**
 * PostgreSQL: the entry and the head's move in one statement (a data-modifying WITH), one round
 * trip fewer for every clock-in and clock-out (decision 056). SQLite has no such statement and no
 * round trip to save.
 */
const insertEntryAndAdvanceHead = preparedQuery<EntryRow & { next_key_id: string }>()((db, param) =>
  db
    .with('entry', (qc) => qc.insertInto('registro_chain').values(entryValues(param)))
    .updateTable('registro_chain_heads')
    .set({ seq: param('seq'), hash: param('hash'), key_id: param('next_key_id') })
    .where('company_id', '=', param('company_id')),
);

interface Head {
  seq: number;
  hash: string;
  keyId: string | null;
}

/** Writes one keyed entry after `head` and moves the head; `nextKeyId` is the key the following entry must use. */
async function writeKeyedEntry(trx: Kysely<DB>, head: Head, key: ChainKey, input: Omit<AppendInput, 'payload'> & { payloadHash: string }, nextKeyId: string): Promise<Head> {
  const link: EntryLink = {
    companyId: input.companyId,
    seq: head.seq + 1,
    kind: input.kind,
    action: input.action,
    subjectId: input.subjectId,
    payloadHash: input.payloadHash,
    prevHash: head.hash,
  };
  const hash = keyedEntryHash(link, key);
  const entry: EntryRow = {
    company_id: link.companyId,
    seq: link.seq,
    kind: link.kind,
    action: link.action,
    subject_id: link.subjectId,
    payload_hash: link.payloadHash,
    prev_hash: link.prevHash,
    hash,
    created_at: input.at.toISOString(),
    version: 2,
    key_id: key.id,
  };
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await insertEntryAndAdvanceHead.run(trx, { ...entry, next_key_id: nextKeyId });
  } else {
    await insertEntry.run(trx, entry);
    await advanceHead.run(trx, { companyId: link.companyId, seq: link.seq, hash, keyId: nextKeyId });
  }
  return { seq: link.seq, hash, keyId: nextKeyId };
}

/** What a 'clave' entry seals: the announced key's id and fingerprint (never the key). */
export const keyAnnouncementPayload = (key: ChainKey): Json => ({ keyId: key.id, fingerprint: key.fingerprint });

/**
 * The 'clave-introducida' entry of a chain that so far holds only version 1 entries: keyed with the
 * key it announces, so every later entry (version 2) follows a keyed link and the v1 entries before
 * it keep their meaning.
 */
async function introduceKey(trx: Kysely<DB>, companyId: string, head: Head, key: ChainKey, at: Date): Promise<Head> {
  return writeKeyedEntry(
    trx,
    head,
    key,
    { companyId, kind: 'clave', action: 'clave-introducida', subjectId: key.id, payloadHash: payloadHashOf(keyAnnouncementPayload(key)), at },
    key.id,
  );
}

/** The company's head, locked; created (keyed with the current key) for a company's first entry. */
async function lockedHead(trx: Kysely<DB>, companyId: string, key: ChainKey): Promise<Head> {
  let head = await headOf.takeFirst(trx, { companyId });
  if (!head) {
    // First entry of the company: create the head; a concurrent creator makes this a no-op.
    await createHead.run(trx, { companyId, hash: GENESIS_HASH, keyId: key.id });
    head = await headOf.takeFirst(trx, { companyId });
    if (!head) throw new Error('registro chain head missing');
  }
  return { seq: Number(head.seq), hash: head.hash, keyId: head.key_id };
}

/**
 * Appends one entry (version 2, keyed) and returns its hash (the row stores it). Call inside the
 * transaction of the write it seals: reading the head locks it until commit (PostgreSQL `for update`;
 * SQLite's single writer), so appenders of one company queue up even across servers on one
 * PostgreSQL. Three small prepared statements (read the head, insert the entry, advance the head);
 * never reads the chain. Refuses (ChainKeyMismatchError) when the head names another key.
 */
export async function appendChainEntry(trx: Kysely<DB>, input: AppendInput): Promise<string> {
  const key = activeChainKeyring().current;
  let head = await lockedHead(trx, input.companyId, key);
  if (head.keyId === null) head = await introduceKey(trx, input.companyId, head, key, input.at);
  if (head.keyId !== key.id) throw new ChainKeyMismatchError(input.companyId, String(head.keyId), key.id);
  const written = await writeKeyedEntry(trx, head, key, { ...input, payloadHash: payloadHashOf(input.payload) }, key.id);
  return written.hash;
}

/**
 * At start (prepareDatabase): every company chain that holds only version 1 entries gets its
 * 'clave-introducida' entry; a chain already keyed with another key refuses the start, so a
 * misconfigured server (a second one on the same PostgreSQL, a lost key file) never writes entries
 * nobody can verify. Returns how many chains were introduced to the key.
 */
export async function ensureChainKey(db: Kysely<DB>, keyring: ChainKeyring, at: Date): Promise<number> {
  const foreign = await db.selectFrom('registro_chain_heads').select(['company_id', 'key_id']).where('key_id', 'is not', null).where('key_id', '!=', keyring.current.id).limit(1).executeTakeFirst();
  if (foreign) {
    const known = keyring.byId.has(foreign.key_id as string) ? ' (es una clave retirada: ¿falta la nueva en este servidor?)' : '';
    throw new ChainKeyMismatchError(foreign.company_id, `${foreign.key_id as string}${known}`, `${keyring.current.id} (${keyring.source})`);
  }
  let introduced = 0;
  for (;;) {
    const pending = await db.selectFrom('registro_chain_heads').select('company_id').where('key_id', 'is', null).orderBy('company_id').limit(100).execute();
    if (pending.length === 0) return introduced;
    for (const { company_id: companyId } of pending) {
      await db.transaction().execute(async (trx) => {
        const head = await lockedHead(trx, companyId, keyring.current);
        if (head.keyId === null) {
          await introduceKey(trx, companyId, head, keyring.current, at);
          introduced += 1;
        }
      });
    }
  }
}

/**
 * Rotates the key: in every company chain, a 'rotacion' entry keyed with the OLD key announces the
 * new key (id in subject_id, fingerprint in the payload); the entries after it are keyed with the
 * new one. Run with every server stopped, then start them with the new key (the old one kept to
 * verify earlier entries). Returns the number of chains rotated.
 */
export async function rotateChainKey(db: Kysely<DB>, oldKey: ChainKey, newKey: ChainKey, at: Date): Promise<number> {
  await ensureChainKey(db, keyringOf(oldKey, [], 'clave anterior'), at);
  const companies = await db.selectFrom('registro_chain_heads').select('company_id').orderBy('company_id').execute();
  for (const { company_id: companyId } of companies) {
    await db.transaction().execute(async (trx) => {
      const head = await lockedHead(trx, companyId, oldKey);
      if (head.keyId !== oldKey.id) throw new ChainKeyMismatchError(companyId, String(head.keyId), oldKey.id);
      await writeKeyedEntry(
        trx,
        head,
        oldKey,
        { companyId, kind: 'clave', action: 'rotacion', subjectId: newKey.id, payloadHash: payloadHashOf(keyAnnouncementPayload(newKey)), at },
        newKey.id,
      );
    });
  }
  return companies.length;
}

/**
 * For the retention purge (registro-acceso): call in the purge's transaction, before or after
 * deleting the rows. Their entries stay (the chain keeps its links) and are verified by linkage only.
 */
export async function markChainEntriesPurged(trx: Kysely<DB>, companyId: string, subjectIds: readonly string[], at: Date = new Date()): Promise<void> {
  for (let index = 0; index < subjectIds.length; index += 500) {
    const batch = subjectIds.slice(index, index + 500);
    await trx
      .updateTable('registro_chain')
      .set({ purged_at: at.toISOString() })
      .where('company_id', '=', companyId)
      .where('subject_id', 'in', batch)
      .where('purged_at', 'is', null)
      .execute();
  }
}

const storedRecord = preparedQuery<{ id: string }>()((db, param) => db.selectFrom('time_records').selectAll().where('id', '=', param('id')));

const setRecordHash = preparedQuery<{ id: string; hash: string }>()((db, param) =>
  db.updateTable('time_records').set({ hash: param('hash') }).where('id', '=', param('id')),
);

/** How an entry is appended: appendChainEntry, or appendVersion1Entry in the migration that predates the key. */
export type ChainAppender = (trx: Kysely<DB>, input: AppendInput) => Promise<string>;

/**
 * A version 1 entry (plain SHA-256) with the columns the chain had before decision 031. Only for
 * migration 0125, which seals the rows of databases older than the chain and runs before the
 * keyed columns exist; such entries then get their 'clave-introducida' at the next start.
 */
export const appendVersion1Entry: ChainAppender = async (trx, input) => {
  let head = await trx.selectFrom('registro_chain_heads').select(['seq', 'hash']).where('company_id', '=', input.companyId).executeTakeFirst();
  if (!head) {
    await trx.insertInto('registro_chain_heads').values({ company_id: input.companyId, seq: 0, hash: GENESIS_HASH }).execute();
    head = { seq: 0, hash: GENESIS_HASH };
  }
  const link: EntryLink = { ...input, seq: Number(head.seq) + 1, payloadHash: payloadHashOf(input.payload), prevHash: head.hash };
  const hash = entryHash(link);
  await trx
    .insertInto('registro_chain')
    .values({ company_id: link.companyId, seq: link.seq, kind: link.kind, action: link.action, subject_id: link.subjectId, payload_hash: link.payloadHash, prev_hash: link.prevHash, hash, created_at: input.at.toISOString(), purged_at: null } as never)
    .execute();
  await trx.updateTable('registro_chain_heads').set({ seq: link.seq, hash }).where('company_id', '=', link.companyId).execute();
  return hash;
};

/** Seals a time record's current row: appends its entry and stores the hash on the row. */
export async function sealTimeRecord(trx: Kysely<DB>, recordId: string, action: string, at: Date, append: ChainAppender = appendChainEntry): Promise<string> {
  const row = await storedRecord.takeFirst(trx, { id: recordId });
  if (!row) throw new Error(`time record ${recordId} not found`);
  const hash = await append(trx, { companyId: row.company_id, kind: 'fichaje', action, subjectId: row.id, payload: timeRecordPayload(row), at });
  await setRecordHash.run(trx, { id: row.id, hash });
  return hash;
}

/**
 * sealTimeRecord for a caller that has just written the row and knows it field for field (the
 * clock-out), without reading it back. `row` must be exactly what the table now holds: its payload
 * hash is what verification recomputes from the stored row.
 */
export async function sealTimeRecordRow(trx: Kysely<DB>, row: Omit<Selectable<TimeRecordsTable>, 'hash'>, action: string, at: Date): Promise<string> {
  const hash = await appendChainEntry(trx, { companyId: row.company_id, kind: 'fichaje', action, subjectId: row.id, payload: timeRecordPayload(row), at });
  await setRecordHash.run(trx, { id: row.id, hash });
  return hash;
}

/** Seals an amendment's current row (every step of it). */
export async function sealAmendment(trx: Kysely<DB>, amendmentId: string, action: string, at: Date, append: ChainAppender = appendChainEntry): Promise<string> {
  const row = await trx.selectFrom('time_record_amendments').selectAll().where('id', '=', amendmentId).executeTakeFirstOrThrow();
  const hash = await append(trx, { companyId: row.company_id, kind: 'correccion', action, subjectId: row.id, payload: amendmentPayload(row), at });
  await trx.updateTable('time_record_amendments').set({ hash }).where('id', '=', amendmentId).execute();
  return hash;
}

/**
 * Seals rows written before the chain existed (or by the demo seeder): time records then amendments
 * without a hash, oldest first, optionally of one company. Not run at start: a row inserted behind
 * the app's back must stay unsealed, so that verification reports it.
 */
export async function sealUnchainedRows(db: Kysely<DB>, at: Date, companyId?: string, append: ChainAppender = appendChainEntry): Promise<number> {
  let sealed = 0;
  for (;;) {
    // A migration on PostgreSQL already runs in the migrator's transaction (Kysely cannot nest them).
    const count = db.isTransaction ? await sealUnchainedBatch(db, at, companyId, append) : await db.transaction().execute((trx) => sealUnchainedBatch(trx, at, companyId, append));
    if (count === 0) return sealed;
    sealed += count;
  }
}

/** One batch of sealUnchainedRows inside the caller's transaction; 0 when nothing is left. */
export async function sealUnchainedBatch(trx: Kysely<DB>, at: Date, companyId?: string, append: ChainAppender = appendChainEntry): Promise<number> {
  const records = await trx
    .selectFrom('time_records')
    .select('id')
    .where('hash', 'is', null)
    .$if(companyId !== undefined, (query) => query.where('company_id', '=', companyId as string))
    .orderBy('created_at')
    .orderBy('id')
    .limit(200)
    .execute();
  for (const { id } of records) await sealTimeRecord(trx, id, 'sellado', at, append);
  if (records.length > 0) return records.length;
  const amendments = await trx
    .selectFrom('time_record_amendments')
    .select('id')
    .where('hash', 'is', null)
    .$if(companyId !== undefined, (query) => query.where('company_id', '=', companyId as string))
    .orderBy('created_at')
    .orderBy('id')
    .limit(200)
    .execute();
  for (const { id } of amendments) await sealAmendment(trx, id, 'sellado', at, append);
  return amendments.length;
}
