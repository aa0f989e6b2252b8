import type { Kysely } from 'kysely';
import type { RegistroCompanyCheck, RegistroVerification } from '@jornada/shared/schemas/registro-integrity';
import type { DB } from '../../db/schema';
import { amendmentPayload, entryHash, GENESIS_HASH, payloadHashOf, timeRecordPayload, type ChainKind } from './registro-chain';

const ENTRY_PAGE = 2000;
const ROW_PAGE = 500;

interface Break {
  seq: number | null;
  kind: ChainKind;
  subjectId: string;
  recordId: string | null;
  problem: string;
}

interface LatestEntry {
  seq: number;
  hash: string;
  payloadHash: string;
}

/**
 * Checks every company's chain: each entry links to the previous one and hashes right, the head is
 * the last entry, each live row matches the payload of its latest entry, and no entry lost its row
 * unless the retention purge marked it. Reads the chain in pages (bounded memory per page).
 */
export async function verifyRegistro(db: Kysely<DB>, now: Date = new Date()): Promise<RegistroVerification> {
  const companyIds = await companiesWithRegistro(db);
  const names = await companyNames(db, companyIds);
  const companies: RegistroCompanyCheck[] = [];
  for (const companyId of companyIds) {
    const result = await verifyCompany(db, companyId);
    const first = result.breaks.sort((a, b) => (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER))[0] ?? null;
    companies.push({
      companyId,
      companyName: names.get(companyId) ?? null,
      entries: result.entries,
      ok: result.breaks.length === 0,
      problems: result.breaks.length,
      firstBreak: first,
    });
  }
  return { checkedAt: now.toISOString(), ok: companies.every((company) => company.ok), companies };
}

async function companiesWithRegistro(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('registro_chain_heads')
    .select('company_id')
    .union(db.selectFrom('time_records').select('company_id').distinct())
    .union(db.selectFrom('time_record_amendments').select('company_id').distinct())
    .execute();
  return [...new Set(rows.map((row) => row.company_id))].sort();
}

async function companyNames(db: Kysely<DB>, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let index = 0; index < ids.length; index += 500) {
    const rows = await db.selectFrom('companies').select(['id', 'name']).where('id', 'in', ids.slice(index, index + 500)).execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

async function verifyCompany(db: Kysely<DB>, companyId: string): Promise<{ entries: number; breaks: Break[] }> {
  const breaks: Break[] = [];
  // 1. The links, in sequence order.
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  for (;;) {
    const entries = await db
      .selectFrom('registro_chain')
      .select(['seq', 'kind', 'action', 'subject_id', 'payload_hash', 'prev_hash', 'hash'])
      .where('company_id', '=', companyId)
      .where('seq', '>=', expectedSeq)
      .orderBy('seq')
      .limit(ENTRY_PAGE)
      .execute();
    for (const entry of entries) {
      const seq = Number(entry.seq);
      const at = { seq, kind: entry.kind, subjectId: entry.subject_id, recordId: entry.kind === 'fichaje' ? entry.subject_id : null };
      if (seq !== expectedSeq) breaks.push({ ...at, problem: `Falta la entrada ${expectedSeq} de la cadena.` });
      else if (entry.prev_hash !== prevHash) breaks.push({ ...at, problem: 'La entrada no enlaza con la anterior (hash previo distinto).' });
      else if (
        entryHash({ companyId, seq, kind: entry.kind, action: entry.action, subjectId: entry.subject_id, payloadHash: entry.payload_hash, prevHash: entry.prev_hash }) !==
        entry.hash
      ) {
        breaks.push({ ...at, problem: 'El hash de la entrada no corresponde a su contenido.' });
      }
      expectedSeq = seq + 1;
      prevHash = entry.hash;
    }
    if (entries.length < ENTRY_PAGE) break;
  }
  const entryCount = expectedSeq - 1;
  const head = await db.selectFrom('registro_chain_heads').select(['seq', 'hash']).where('company_id', '=', companyId).executeTakeFirst();
  if (entryCount > 0 && (!head || Number(head.seq) !== entryCount || head.hash !== prevHash)) {
    breaks.push({ seq: entryCount, kind: 'fichaje', subjectId: '', recordId: null, problem: 'La cabecera de la cadena no coincide con su última entrada (entradas eliminadas al final).' });
  }

  // 2. Every live row against its latest entry.
  await checkRows(db, companyId, 'fichaje', breaks);
  await checkRows(db, companyId, 'correccion', breaks);

  // 3. Entries whose row disappeared without the retention purge.
  const orphans = [
    { kind: 'fichaje' as const, row: await orphanEntry(db, companyId, 'fichaje') },
    { kind: 'correccion' as const, row: await orphanEntry(db, companyId, 'correccion') },
  ];
  for (const { kind, row } of orphans) {
    if (!row) continue;
    breaks.push({
      seq: Number(row.seq),
      kind,
      subjectId: row.subject_id,
      recordId: kind === 'fichaje' ? row.subject_id : null,
      problem: kind === 'fichaje' ? 'El fichaje se ha eliminado de la base de datos.' : 'La corrección se ha eliminado de la base de datos.',
    });
  }
  return { entries: entryCount, breaks };
}

async function checkRows(db: Kysely<DB>, companyId: string, kind: ChainKind, breaks: Break[]): Promise<void> {
  let after = '';
  for (;;) {
    const rows =
      kind === 'fichaje'
        ? (await db.selectFrom('time_records').selectAll().where('company_id', '=', companyId).where('id', '>', after).orderBy('id').limit(ROW_PAGE).execute()).map(
            (row) => ({ id: row.id, recordId: row.id, hash: row.hash, payloadHash: payloadHashOf(timeRecordPayload(row)) }),
          )
        : (
            await db.selectFrom('time_record_amendments').selectAll().where('company_id', '=', companyId).where('id', '>', after).orderBy('id').limit(ROW_PAGE).execute()
          ).map((row) => ({ id: row.id, recordId: row.record_id, hash: row.hash, payloadHash: payloadHashOf(amendmentPayload(row)) }));
    if (rows.length === 0) return;
    const latest = await latestEntries(db, companyId, rows.map((row) => row.id));
    for (const row of rows) {
      const entry = latest.get(row.id);
      const at = { kind, subjectId: row.id, recordId: row.recordId };
      const noun = kind === 'fichaje' ? 'El fichaje' : 'La corrección';
      if (!entry) breaks.push({ ...at, seq: null, problem: `${noun} no tiene ninguna entrada en la cadena (insertado fuera de la aplicación).` });
      else if (entry.payloadHash !== row.payloadHash) breaks.push({ ...at, seq: entry.seq, problem: `${noun} se ha modificado fuera de la aplicación: sus datos no coinciden con la cadena.` });
      else if (row.hash !== entry.hash) breaks.push({ ...at, seq: entry.seq, problem: `El hash guardado en ${kind === 'fichaje' ? 'el fichaje' : 'la corrección'} no es el de su última entrada.` });
    }
    after = rows[rows.length - 1]!.id;
    if (rows.length < ROW_PAGE) return;
  }
}

async function latestEntries(db: Kysely<DB>, companyId: string, subjectIds: string[]): Promise<Map<string, LatestEntry>> {
  const entries = await db
    .selectFrom('registro_chain')
    .select(['subject_id', 'seq', 'hash', 'payload_hash'])
    .where('company_id', '=', companyId)
    .where('subject_id', 'in', subjectIds)
    .orderBy('seq')
    .execute();
  const latest = new Map<string, LatestEntry>();
  for (const entry of entries) latest.set(entry.subject_id, { seq: Number(entry.seq), hash: entry.hash, payloadHash: entry.payload_hash });
  return latest;
}

/** The first entry (not purged) whose row no longer exists. */
async function orphanEntry(db: Kysely<DB>, companyId: string, kind: ChainKind) {
  const base = db
    .selectFrom('registro_chain')
    .select(['registro_chain.seq', 'registro_chain.subject_id'])
    .where('registro_chain.company_id', '=', companyId)
    .where('registro_chain.kind', '=', kind)
    .where('registro_chain.purged_at', 'is', null)
    .orderBy('registro_chain.seq')
    .limit(1);
  return kind === 'fichaje'
    ? base.where(({ not, exists, selectFrom }) => not(exists(selectFrom('time_records').select('time_records.id').whereRef('time_records.id', '=', 'registro_chain.subject_id')))).executeTakeFirst()
    : base
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('time_record_amendments').select('time_record_amendments.id').whereRef('time_record_amendments.id', '=', 'registro_chain.subject_id'))),
        )
        .executeTakeFirst();
}
