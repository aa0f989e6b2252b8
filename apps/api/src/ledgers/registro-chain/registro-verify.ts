import type { Kysely } from 'kysely';
import type { RegistroCompanyCheck, RegistroVerification } from '@jornada/shared/schemas/registro-integrity';
import type { DB } from '../../db/schema';
import { activeChainKeyring, type ChainKeyring } from './chain-key';
import { amendmentPayload, entryHash, GENESIS_HASH, keyAnnouncementPayload, keyedEntryHash, payloadHashOf, timeRecordPayload, type ChainKind, type EntryLink } from './registro-chain';

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
  /** Every action of the subject, in chain order (to check each is backed by its domain event). */
  actions: { seq: number; action: string }[];
}

/**
 * Checks every company's chain: each entry links to the previous one and hashes right, the head is
 * the last entry, each live row matches the payload of its latest entry, and no entry lost its row
 * unless the retention purge marked it. Reads the chain in pages (bounded memory per page).
 */
export async function verifyRegistro(db: Kysely<DB>, now: Date = new Date(), keyring: ChainKeyring = activeChainKeyring()): Promise<RegistroVerification> {
  const companyIds = await companiesWithRegistro(db);
  const names = await companyNames(db, companyIds);
  const companies: RegistroCompanyCheck[] = [];
  for (const companyId of companyIds) {
    const result = await verifyCompany(db, companyId, keyring);
    const first = result.breaks.sort((a, b) => (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER))[0] ?? null;
    companies.push({
      companyId,
      companyName: names.get(companyId) ?? null,
      entries: result.entries,
      ok: result.breaks.length === 0,
      problems: result.breaks.length,
      firstBreak: first,
      head: result.head,
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

async function verifyCompany(db: Kysely<DB>, companyId: string, keyring: ChainKeyring): Promise<{ entries: number; breaks: Break[]; head: { seq: number; hash: string } | null }> {
  const breaks: Break[] = [];
  // 1. The links, in sequence order. Version 1 entries (plain SHA-256) are accepted only before the
  // chain's first keyed entry; from then on every entry is keyed with the key the chain last
  // announced ('clave-introducida', then each 'rotacion'), so nobody without the key can append.
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let expectedKeyId: string | null = null;
  let keyed = false;
  for (;;) {
    const entries = await db
      .selectFrom('registro_chain')
      .select(['seq', 'kind', 'action', 'subject_id', 'payload_hash', 'prev_hash', 'hash', 'version', 'key_id'])
      .where('company_id', '=', companyId)
      .where('seq', '>=', expectedSeq)
      .orderBy('seq')
      .limit(ENTRY_PAGE)
      .execute();
    for (const entry of entries) {
      const seq = Number(entry.seq);
      const at = { seq, kind: entry.kind, subjectId: entry.subject_id, recordId: entry.kind === 'fichaje' ? entry.subject_id : null };
      const link: EntryLink = { companyId, seq, kind: entry.kind, action: entry.action, subjectId: entry.subject_id, payloadHash: entry.payload_hash, prevHash: entry.prev_hash };
      const problem = (() => {
        if (seq !== expectedSeq) return `Falta la entrada ${expectedSeq} de la cadena.`;
        if (entry.prev_hash !== prevHash) return 'La entrada no enlaza con la anterior (hash previo distinto).';
        if (Number(entry.version) !== 2) {
          if (keyed) return 'Entrada sin clave (SHA-256 simple) después de que la cadena pasara a sellarse con clave: añadida fuera de la aplicación.';
          return entryHash(link) === entry.hash ? null : 'El hash de la entrada no corresponde a su contenido.';
        }
        const keyId = entry.key_id ?? '';
        if (expectedKeyId !== null && keyId !== expectedKeyId) return `La entrada está sellada con la clave ${keyId} y la cadena había anunciado la clave ${expectedKeyId}.`;
        const key = keyring.byId.get(keyId);
        if (!key) return `La entrada está sellada con la clave ${keyId}, que este servidor no tiene: no se puede verificar (restaura la clave de la copia de seguridad).`;
        if (keyedEntryHash(link, key) !== entry.hash) return 'El hash con clave de la entrada no corresponde a su contenido.';
        if (entry.kind === 'clave') {
          const announced = keyring.byId.get(entry.subject_id);
          if (announced && payloadHashOf(keyAnnouncementPayload(announced)) !== entry.payload_hash) return 'La entrada de la clave no corresponde a la clave que anuncia.';
        }
        return null;
      })();
      if (problem) breaks.push({ ...at, problem });
      if (Number(entry.version) === 2) {
        keyed = true;
        expectedKeyId = entry.kind === 'clave' && entry.action === 'rotacion' ? entry.subject_id : (entry.key_id ?? expectedKeyId);
      }
      expectedSeq = seq + 1;
      prevHash = entry.hash;
    }
    if (entries.length < ENTRY_PAGE) break;
  }
  const entryCount = expectedSeq - 1;
  const head = await db.selectFrom('registro_chain_heads').select(['seq', 'hash', 'key_id']).where('company_id', '=', companyId).executeTakeFirst();
  if (entryCount > 0 && (!head || Number(head.seq) !== entryCount || head.hash !== prevHash)) {
    breaks.push({ seq: entryCount, kind: 'fichaje', subjectId: '', recordId: null, problem: 'La cabecera de la cadena no coincide con su última entrada (entradas eliminadas al final).' });
  }
  if (entryCount > 0 && !keyed) {
    // At every start each chain gets its 'clave-introducida': a chain with none was rebuilt without the key.
    breaks.push({ seq: entryCount, kind: 'clave', subjectId: '', recordId: null, problem: 'La cadena no tiene ninguna entrada sellada con la clave: se ha reconstruido fuera de la aplicación.' });
  }
  await checkAnchors(db, companyId, head ? { seq: Number(head.seq), hash: head.hash } : null, breaks);

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
  return { entries: entryCount, breaks, head: head ? { seq: Number(head.seq), hash: head.hash } : null };
}

/**
 * The heads printed on documents (registro-anchors.ts) bound the chain from below: the chain must
 * still hold the printed entry, with the printed hash. A head that went backwards (the chain rolled
 * back to an older copy) or a rewritten entry under a printed head is reported.
 */
async function checkAnchors(db: Kysely<DB>, companyId: string, head: { seq: number; hash: string } | null, breaks: Break[]): Promise<void> {
  const anchor = await db
    .selectFrom('registro_chain_anchors')
    .select(['seq', 'hash', 'document', 'printed_at'])
    .where('company_id', '=', companyId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!anchor) return;
  const seq = Number(anchor.seq);
  const printed = `impresa el ${anchor.printed_at} en ${anchor.document}`;
  if (!head || head.seq < seq) {
    breaks.push({ seq, kind: 'clave', subjectId: '', recordId: null, problem: `La cabecera de la cadena (entrada ${head?.seq ?? 0}) es anterior a la última cabecera impresa (entrada ${seq}, ${printed}): la cadena ha retrocedido.` });
    return;
  }
  const entry = await db.selectFrom('registro_chain').select('hash').where('company_id', '=', companyId).where('seq', '=', seq).executeTakeFirst();
  if (entry?.hash !== anchor.hash) {
    breaks.push({ seq, kind: 'clave', subjectId: '', recordId: null, problem: `La entrada ${seq} no es la que se imprimió (${printed}): la cadena se ha reescrito.` });
  }
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
    const latest = await latestEntries(db, companyId, kind, rows.map((row) => row.id));
    const approved = kind === 'fichaje' ? await approvedCorrections(db, companyId, rows.map((row) => row.id)) : new Map<string, number>();
    for (const row of rows) {
      const entry = latest.get(row.id);
      const at = { kind, subjectId: row.id, recordId: row.recordId };
      const noun = kind === 'fichaje' ? 'El fichaje' : 'La corrección';
      if (!entry) breaks.push({ ...at, seq: null, problem: `${noun} no tiene ninguna entrada en la cadena (insertado fuera de la aplicación).` });
      else if (entry.payloadHash !== row.payloadHash) breaks.push({ ...at, seq: entry.seq, problem: `${noun} se ha modificado fuera de la aplicación: sus datos no coinciden con la cadena.` });
      else if (row.hash !== entry.hash) breaks.push({ ...at, seq: entry.seq, problem: `El hash guardado en ${kind === 'fichaje' ? 'el fichaje' : 'la corrección'} no es el de su última entrada.` });
      if (entry) {
        const unbacked = kind === 'fichaje' ? unbackedRecordEntry(entry.actions, approved.get(row.id) ?? 0) : unbackedAmendmentEntry(entry.actions);
        if (unbacked) breaks.push({ ...at, seq: unbacked.seq, problem: unbacked.problem });
      }
    }
    after = rows[rows.length - 1]!.id;
    if (rows.length < ROW_PAGE) return;
  }
}

async function latestEntries(db: Kysely<DB>, companyId: string, kind: ChainKind, subjectIds: string[]): Promise<Map<string, LatestEntry>> {
  const entries = await db
    .selectFrom('registro_chain')
    .select(['subject_id', 'seq', 'hash', 'payload_hash', 'action'])
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .where('subject_id', 'in', subjectIds)
    .orderBy('seq')
    .execute();
  const latest = new Map<string, LatestEntry>();
  for (const entry of entries) {
    const actions = latest.get(entry.subject_id)?.actions ?? [];
    actions.push({ seq: Number(entry.seq), action: entry.action });
    latest.set(entry.subject_id, { seq: Number(entry.seq), hash: entry.hash, payloadHash: entry.payload_hash, actions });
  }
  return latest;
}

/** How many approved corrections each record has: each backs one 'correccion' entry of the record. */
async function approvedCorrections(db: Kysely<DB>, companyId: string, recordIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('time_record_amendments')
    .select(['record_id', (eb) => eb.fn.countAll().as('count')])
    .where('company_id', '=', companyId)
    .where('status', '=', 'aprobada')
    .where('record_id', 'in', recordIds)
    .groupBy('record_id')
    .execute();
  return new Map(rows.map((row) => [row.record_id as string, Number(row.count)]));
}

const OPENING_ACTIONS = new Set(['entrada', 'sellado', 'alta']);

/**
 * Every entry of a time record stands for what the app does to it: one opening ('entrada';
 * 'sellado' for rows older than the chain; 'alta' for a forgotten record created complete by an
 * approved proposal), at most one 'salida' (none after an 'alta'), and one 'correccion' per approved
 * correction. Anything else (a second 'salida' with no correction, an entry out of order) was not
 * written by the app.
 */
export function unbackedRecordEntry(actions: readonly { seq: number; action: string }[], approvedCount: number): { seq: number; problem: string } | null {
  let exits = 0;
  let corrections = 0;
  const openedComplete = actions[0]?.action === 'alta';
  for (const [index, { seq, action }] of actions.entries()) {
    if (index === 0) {
      if (action === 'salida' || action === 'correccion') return { seq, problem: `La primera entrada del fichaje es «${action}» y no su apertura: no la ha escrito la aplicación.` };
      continue;
    }
    if (OPENING_ACTIONS.has(action)) return { seq, problem: `El fichaje tiene una segunda apertura («${action}»): no la ha escrito la aplicación.` };
    if (action === 'salida') {
      if (openedComplete) return { seq, problem: 'El fichaje dado de alta por corrección tiene una salida: no la ha escrito la aplicación.' };
      exits += 1;
      if (exits > 1) return { seq, problem: 'El fichaje tiene una segunda salida sin corrección aprobada que la respalde.' };
    } else if (action === 'correccion') {
      corrections += 1;
      if (corrections > approvedCount) return { seq, problem: 'El fichaje tiene un cambio («correccion») sin corrección aprobada que lo respalde.' };
    } else {
      return { seq, problem: `El fichaje tiene una entrada «${action}» que no corresponde a ninguna operación de la aplicación.` };
    }
  }
  return null;
}

const DECISIONS = new Set(['aprobada', 'rechazada', 'retirada']);

/** An amendment is proposed (or sealed) once and decided at most once. */
export function unbackedAmendmentEntry(actions: readonly { seq: number; action: string }[]): { seq: number; problem: string } | null {
  let decided = false;
  for (const [index, { seq, action }] of actions.entries()) {
    if (index === 0 && (action === 'propuesta' || action === 'sellado')) continue;
    if (index > 0 && DECISIONS.has(action) && !decided) {
      decided = true;
      continue;
    }
    return { seq, problem: `La corrección tiene una entrada «${action}» que no corresponde a ninguna operación de la aplicación.` };
  }
  return null;
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
