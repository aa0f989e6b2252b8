import { createHash } from 'node:crypto';
import { PostgresAdapter, type Kysely, type Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { DB, RegistroChainTable, TimeRecordAmendmentsTable, TimeRecordsTable } from '../../db/schema';

/**
 * The registro's tamper evidence (issue 11, part 3): every write of a time record or an amendment
 * appends one entry to its company's chain. An entry holds only ids and hashes (no personal data),
 * so it outlives the 4-year purge of the rows it seals:
 *
 *   payload_hash = sha256(canonical JSON of the row's legal fields)
 *   hash         = sha256(prev_hash + canonical JSON of {company, seq, kind, action, subject, payloadHash})
 *
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

/** The entry's hash from its stored fields alone, so a purged subject is still verified by linkage. */
export function entryHash(entry: EntryLink): string {
  const body = canonicalJson({
    companyId: entry.companyId,
    seq: entry.seq,
    kind: entry.kind,
    action: entry.action,
    subjectId: entry.subjectId,
    payloadHash: entry.payloadHash,
  });
  return sha256Hex(entry.prevHash + body);
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

const headOf = preparedQuery<{ companyId: string }>()((db, param) =>
  db
    .selectFrom('registro_chain_heads')
    .select(['seq', 'hash'])
    .where('company_id', '=', param('companyId'))
    // The row lock that queues a company's appenders across servers until commit. SQLite has no
    // `for update` and needs none: it has one writer at a time, and this process one connection.
    .$if(db.getExecutor().adapter instanceof PostgresAdapter, (query) => query.forUpdate()),
);

const createHead = preparedQuery<{ companyId: string; hash: string }>()((db, param) =>
  db
    .insertInto('registro_chain_heads')
    .values({ company_id: param('companyId'), seq: 0, hash: param('hash') })
    .onConflict((oc) => oc.column('company_id').doNothing()),
);

const insertEntry = preparedQuery<Omit<RegistroChainTable, 'purged_at'>>()((db, param) =>
  db.insertInto('registro_chain').values({
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
  }),
);

const advanceHead = preparedQuery<{ companyId: string; seq: number; hash: string }>()((db, param) =>
  db.updateTable('registro_chain_heads').set({ seq: param('seq'), hash: param('hash') }).where('company_id', '=', param('companyId')),
);

/**
 * Appends one entry and returns its hash (the row stores it). Call inside the transaction of the
 * write it seals: reading the head locks it until commit (PostgreSQL `for update`; SQLite's single
 * writer), so appenders of one company queue up even across servers on one PostgreSQL. Three small
 * prepared statements (read the head, insert the entry, advance the head); never reads the chain.
 */
export async function appendChainEntry(trx: Kysely<DB>, input: AppendInput): Promise<string> {
  let head = await headOf.takeFirst(trx, { companyId: input.companyId });
  if (!head) {
    // First entry of the company: create the head; a concurrent creator makes this a no-op.
    await createHead.run(trx, { companyId: input.companyId, hash: GENESIS_HASH });
    head = await headOf.takeFirst(trx, { companyId: input.companyId });
    if (!head) throw new Error('registro chain head missing');
  }
  const link: EntryLink = {
    companyId: input.companyId,
    seq: Number(head.seq) + 1,
    kind: input.kind,
    action: input.action,
    subjectId: input.subjectId,
    payloadHash: payloadHashOf(input.payload),
    prevHash: head.hash,
  };
  const hash = entryHash(link);
  await insertEntry.run(trx, {
    company_id: link.companyId,
    seq: link.seq,
    kind: link.kind,
    action: link.action,
    subject_id: link.subjectId,
    payload_hash: link.payloadHash,
    prev_hash: link.prevHash,
    hash,
    created_at: input.at.toISOString(),
  });
  await advanceHead.run(trx, { companyId: link.companyId, seq: link.seq, hash });
  return hash;
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

/** Seals a time record's current row: appends its entry and stores the hash on the row. */
export async function sealTimeRecord(trx: Kysely<DB>, recordId: string, action: string, at: Date): Promise<string> {
  const row = await storedRecord.takeFirst(trx, { id: recordId });
  if (!row) throw new Error(`time record ${recordId} not found`);
  return sealTimeRecordRow(trx, row, action, at);
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
export async function sealAmendment(trx: Kysely<DB>, amendmentId: string, action: string, at: Date): Promise<string> {
  const row = await trx.selectFrom('time_record_amendments').selectAll().where('id', '=', amendmentId).executeTakeFirstOrThrow();
  const hash = await appendChainEntry(trx, { companyId: row.company_id, kind: 'correccion', action, subjectId: row.id, payload: amendmentPayload(row), at });
  await trx.updateTable('time_record_amendments').set({ hash }).where('id', '=', amendmentId).execute();
  return hash;
}

/**
 * Seals rows written before the chain existed (or by the demo seeder): time records then amendments
 * without a hash, oldest first, optionally of one company. Not run at start: a row inserted behind
 * the app's back must stay unsealed, so that verification reports it.
 */
export async function sealUnchainedRows(db: Kysely<DB>, at: Date, companyId?: string): Promise<number> {
  let sealed = 0;
  for (;;) {
    // A migration on PostgreSQL already runs in the migrator's transaction (Kysely cannot nest them).
    const count = db.isTransaction ? await sealUnchainedBatch(db, at, companyId) : await db.transaction().execute((trx) => sealUnchainedBatch(trx, at, companyId));
    if (count === 0) return sealed;
    sealed += count;
  }
}

/** One batch of sealUnchainedRows inside the caller's transaction; 0 when nothing is left. */
export async function sealUnchainedBatch(trx: Kysely<DB>, at: Date, companyId?: string): Promise<number> {
  const records = await trx
    .selectFrom('time_records')
    .select('id')
    .where('hash', 'is', null)
    .$if(companyId !== undefined, (query) => query.where('company_id', '=', companyId as string))
    .orderBy('created_at')
    .orderBy('id')
    .limit(200)
    .execute();
  for (const { id } of records) await sealTimeRecord(trx, id, 'sellado', at);
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
  for (const { id } of amendments) await sealAmendment(trx, id, 'sellado', at);
  return amendments.length;
}
