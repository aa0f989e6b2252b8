import { createHash } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../db/migrations';
import { prepareDatabase } from '../../db/prepare';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { insertTestEvent } from '../../test/factories';
import { pdfPageTexts } from '../../test/pdf-text';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { activeChainKeyring, generateChainKey, keyringOf, parseChainKey, useChainKeyring } from './chain-key';
import { anchorPrintedHead } from './registro-anchors';
import {
  appendChainEntry,
  appendVersion1Entry,
  canonicalJson,
  ChainKeyMismatchError,
  ensureChainKey,
  rotateChainKey,
  sealTimeRecord,
  timeRecordPayload,
} from './registro-chain';
import { verifyRegistro } from './registro-verify';

const here = { lat: 40.4, lng: -3.7, accuracy: 10 };
const plainSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function clockInAndOut(ctx: TestContext, user: SignedInUser): Promise<string> {
  const now = ctx.clock().getTime();
  const event = await insertTestEvent(ctx.db, {
    companyId: user.companyId as string,
    start: new Date(now - 3_600_000).toISOString(),
    end: new Date(now + 3_600_000).toISOString(),
    assignedTo: [user.id],
  });
  const started = await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: user.cookie, payload: { eventId: event.id, location: here } });
  expect(started.statusCode).toBe(201);
  ctx.clock.advance(60_000);
  const stopped = await ctx.request({ method: 'POST', url: `/api/time-records/${started.json().id}/stop`, cookie: user.cookie, payload: { location: here } });
  expect(stopped.statusCode).toBe(200);
  return started.json().id as string;
}

async function companyCheck(ctx: TestContext, companyId: string) {
  return (await verifyRegistro(ctx.db, ctx.clock())).companies.find((company) => company.companyId === companyId)!;
}

async function headOf(ctx: TestContext, companyId: string) {
  const head = await ctx.db.selectFrom('registro_chain_heads').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
  return { seq: Number(head.seq), hash: head.hash, keyId: head.key_id };
}

describe('the keyed chain against someone who can write the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('keys new entries with HMAC under the key kept outside the database (version 2, its key id)', async () => {
    const worker = await signInAs(ctx, 'Empleado', (await ctx.factories.company('Clave Nueva')).id);
    const id = await clockInAndOut(ctx, worker);
    const entries = await ctx.db.selectFrom('registro_chain').selectAll().where('subject_id', '=', id).orderBy('seq').execute();
    expect(entries.map((entry) => [entry.action, Number(entry.version), entry.key_id])).toEqual([
      ['entrada', 2, activeChainKeyring().current.id],
      ['salida', 2, activeChainKeyring().current.id],
    ]);
    expect((await headOf(ctx, worker.companyId as string)).keyId).toBe(activeChainKeyring().current.id);
    expect((await companyCheck(ctx, worker.companyId as string)).ok).toBe(true);
  });

  it('catches the re-seal attack: end moved two hours, a plain SHA-256 «salida» appended, head and row hash moved', async () => {
    const worker = await signInAs(ctx, 'Empleado', (await ctx.factories.company('Clave Atacada')).id);
    const companyId = worker.companyId as string;
    const id = await clockInAndOut(ctx, worker);

    // The attacker, with the database only, does what today's code would do to seal a row.
    const row = await ctx.db.selectFrom('time_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const endTime = new Date(Date.parse(row.end_time as string) + 2 * 3_600_000).toISOString();
    const duration = Number(row.duration) + 120;
    await ctx.db.updateTable('time_records').set({ end_time: endTime, duration }).where('id', '=', id).execute();
    const edited = await ctx.db.selectFrom('time_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const payloadHash = plainSha256(canonicalJson(timeRecordPayload(edited)));
    const head = await headOf(ctx, companyId);
    const seq = head.seq + 1;
    const body = canonicalJson({ companyId, seq, kind: 'fichaje', action: 'salida', subjectId: id, payloadHash });
    const hash = plainSha256(head.hash + body);
    await ctx.db
      .insertInto('registro_chain')
      .values({ company_id: companyId, seq, kind: 'fichaje', action: 'salida', subject_id: id, payload_hash: payloadHash, prev_hash: head.hash, hash, created_at: ctx.clock().toISOString(), purged_at: null, key_id: null })
      .execute();
    await ctx.db.updateTable('registro_chain_heads').set({ seq, hash }).where('company_id', '=', companyId).execute();
    await ctx.db.updateTable('time_records').set({ hash }).where('id', '=', id).execute();
    expect(Number(edited.corrected)).toBe(0);

    const check = await companyCheck(ctx, companyId);
    expect(check.ok).toBe(false);
    expect(check.firstBreak).toMatchObject({ seq, kind: 'fichaje', recordId: id });
    expect(check.firstBreak!.problem).toContain('Entrada sin clave');
    // The second 'salida' is reported as well (problems counts every finding).
    expect(check.problems).toBeGreaterThanOrEqual(2);

    // Claiming version 2 without the key does not help either.
    await ctx.db.updateTable('registro_chain').set({ version: 2, key_id: activeChainKeyring().current.id }).where('company_id', '=', companyId).where('seq', '=', seq).execute();
    const again = await companyCheck(ctx, companyId);
    expect(again.firstBreak).toMatchObject({ seq });
    expect(again.firstBreak!.problem).toContain('hash con clave');
  });

  it('reports a second «salida» for one record with no approved correction, even keyed right', async () => {
    const worker = await signInAs(ctx, 'Empleado', (await ctx.factories.company('Clave Doble Salida')).id);
    const id = await clockInAndOut(ctx, worker);
    // Written with the key (as the app itself would): only the domain check can see it.
    await ctx.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('time_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const hash = await appendChainEntry(trx, { companyId: row.company_id, kind: 'fichaje', action: 'salida', subjectId: id, payload: timeRecordPayload(row), at: ctx.clock() });
      await trx.updateTable('time_records').set({ hash }).where('id', '=', id).execute();
    });
    const check = await companyCheck(ctx, worker.companyId as string);
    expect(check.ok).toBe(false);
    expect(check.firstBreak).toMatchObject({ kind: 'fichaje', recordId: id });
    expect(check.firstBreak!.problem).toContain('segunda salida sin corrección aprobada');
  });

  it('reports a chain rolled back below the last printed head', async () => {
    const worker = await signInAs(ctx, 'Empleado', (await ctx.factories.company('Clave Retroceso')).id);
    const companyId = worker.companyId as string;
    await clockInAndOut(ctx, worker);
    const before = await headOf(ctx, companyId);
    const later = await clockInAndOut(ctx, worker);
    const printed = await anchorPrintedHead(ctx.db, companyId, 'prueba', ctx.clock());
    expect(printed).toEqual({ seq: before.seq + 2, hash: (await headOf(ctx, companyId)).hash });
    expect((await companyCheck(ctx, companyId)).ok).toBe(true);

    // An older copy restored: the later record and its entries gone, the head back where it was.
    await ctx.db.deleteFrom('time_records').where('id', '=', later).execute();
    await ctx.db.deleteFrom('registro_chain').where('company_id', '=', companyId).where('seq', '>', before.seq).execute();
    await ctx.db.updateTable('registro_chain_heads').set({ seq: before.seq, hash: before.hash }).where('company_id', '=', companyId).execute();
    const check = await companyCheck(ctx, companyId);
    expect(check.ok).toBe(false);
    expect(check.problems).toBe(1);
    expect(check.firstBreak!.problem).toContain('ha retrocedido');
    expect(check.head).toEqual({ seq: before.seq, hash: before.hash });
  });

  it('prints the head on the monthly record and on the Inspección PDF and CSV, and records each as an anchor', async () => {
    const company = await ctx.factories.company('Clave Impresa');
    const worker = await signInAs(ctx, 'Empleado', company.id);
    const supervisor = await signInAs(ctx, 'Supervisor', company.id);
    await clockInAndOut(ctx, worker);
    const head = await headOf(ctx, company.id);
    const printed = `Cadena del registro: entrada ${head.seq}, hash ${head.hash}`;

    const monthly = await ctx.request({ method: 'GET', url: '/api/registro/mine/download?month=2026-11&format=pdf', cookie: worker.cookie });
    expect(monthly.statusCode).toBe(200);
    const pages = await pdfPageTexts(monthly.rawPayload);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page).toContain(printed);

    const link = await ctx.request({ method: 'POST', url: '/api/access-links', cookie: supervisor.cookie, payload: { from: '2026-11-01', to: '2026-11-21', purpose: 'Inspección de Trabajo, prueba' } });
    expect(link.statusCode).toBe(201);
    const token = link.json().token as string;
    const csv = await ctx.request({ method: 'GET', url: `/api/public/access/${token}/download?format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trimEnd().split('\r\n').at(-1)).toBe(printed);
    const pdf = await ctx.request({ method: 'GET', url: `/api/public/access/${token}/download?format=pdf` });
    expect((await pdfPageTexts(pdf.rawPayload))[0]).toContain(printed);

    const anchors = await ctx.db.selectFrom('registro_chain_anchors').selectAll().where('company_id', '=', company.id).orderBy('printed_at').execute();
    expect(anchors.map((anchor) => [Number(anchor.seq), anchor.hash])).toEqual([
      [head.seq, head.hash],
      [head.seq, head.hash],
      [head.seq, head.hash],
    ]);
    expect(anchors.map((anchor) => anchor.document).join(' | ')).toMatch(/\(PDF\).*Inspección.*\(CSV\).*Inspección.*\(PDF\)/);
  });
});

describe('databases sealed before the key (version 1 entries)', () => {
  it('keep verifying as they are: the upgrade adds a «clave-introducida» entry, later entries are keyed', async () => {
    const database = await createTestDatabase();
    const db = database.db;
    try {
      // The schema as it was before decision 031, with a chain written by the code of then.
      await new Migrator({ db, provider: migrationProvider }).migrateTo('2026-11-25-0150-assignment-event-times');
      const at = '2026-10-01T08:00:00.000Z';
      await db.insertInto('companies').values({ id: 'comp-old', name: 'Empresa Antigua', created_at: at } as never).execute();
      await db
        .insertInto('time_records')
        .values({ id: 'tr-old', company_id: 'comp-old', user_id: 'usr-old', event_id: 'evt-old', start_time: at, end_time: null, duration: null, status: 'activo', start_location: null, end_location: null, created_at: at })
        .execute();
      await db.transaction().execute((trx) => sealTimeRecord(trx, 'tr-old', 'entrada', new Date(at), appendVersion1Entry));
      await db.updateTable('time_records').set({ end_time: '2026-10-01T16:00:00.000Z', duration: 480, status: 'completado' }).where('id', '=', 'tr-old').execute();
      await db.transaction().execute((trx) => sealTimeRecord(trx, 'tr-old', 'salida', new Date('2026-10-01T16:00:00.000Z'), appendVersion1Entry));
      const oldEntries = await db.selectFrom('registro_chain').select(['seq', 'hash']).orderBy('seq').execute();

      await prepareDatabase(db, new Date('2026-11-21T10:00:00.000Z'));
      const entries = await db.selectFrom('registro_chain').selectAll().where('company_id', '=', 'comp-old').orderBy('seq').execute();
      expect(entries.map((entry) => [entry.kind, entry.action, Number(entry.version)])).toEqual([
        ['fichaje', 'entrada', 1],
        ['fichaje', 'salida', 1],
        ['clave', 'clave-introducida', 2],
      ]);
      expect(entries.slice(0, 2).map((entry) => ({ seq: entry.seq, hash: entry.hash }))).toEqual(oldEntries);
      expect(entries[2]!.subject_id).toBe(activeChainKeyring().current.id);
      let result = await verifyRegistro(db);
      expect(result.companies).toMatchObject([{ companyId: 'comp-old', ok: true, entries: 3 }]);

      // A later write follows the key; a second start introduces nothing twice.
      await db.transaction().execute((trx) => appendChainEntry(trx, { companyId: 'comp-old', kind: 'fichaje', action: 'entrada', subjectId: 'tr-old-2', payload: { id: 'tr-old-2' }, at: new Date() }));
      await db.deleteFrom('registro_chain').where('subject_id', '=', 'tr-old-2').where('kind', '=', 'fichaje').execute();
      expect(await ensureChainKey(db, activeChainKeyring(), new Date())).toBe(0);

      // A chain rebuilt without the key (no keyed entry at all) is reported.
      await db.deleteFrom('registro_chain').where('company_id', '=', 'comp-old').where('seq', '>', 2).execute();
      await db.updateTable('registro_chain_heads').set({ seq: 2, hash: oldEntries[1]!.hash }).where('company_id', '=', 'comp-old').execute();
      result = await verifyRegistro(db);
      expect(result.companies[0]!.ok).toBe(false);
      expect(result.companies.map((company) => company.firstBreak?.problem).join(' ')).toContain('ninguna entrada sellada con la clave');
    } finally {
      await database.destroy();
    }
  });
});

describe('a key other than the chain’s, and rotation', () => {
  let ctx: TestContext;
  const original = activeChainKeyring();
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    useChainKeyring(original);
    await ctx.close();
  });

  it('refuses to start with another key once the chain is keyed, and refuses to append with it', async () => {
    const worker = await signInAs(ctx, 'Empleado', (await ctx.factories.company('Clave Ajena')).id);
    await clockInAndOut(ctx, worker);
    const stranger = keyringOf(generateChainKey(), [], 'otra');
    await expect(prepareDatabase(ctx.db, ctx.clock(), stranger)).rejects.toThrow(ChainKeyMismatchError);
    await expect(prepareDatabase(ctx.db, ctx.clock(), stranger)).rejects.toThrow(/misma clave/);
    useChainKeyring(stranger);
    try {
      await expect(
        ctx.db.transaction().execute((trx) => appendChainEntry(trx, { companyId: worker.companyId as string, kind: 'fichaje', action: 'entrada', subjectId: 'x', payload: {}, at: ctx.clock() })),
      ).rejects.toThrow(ChainKeyMismatchError);
    } finally {
      useChainKeyring(original);
    }
    expect((await verifyRegistro(ctx.db)).ok).toBe(true);
  });

  it('rotates: a «rotacion» entry keyed with the old key announces the new one; both verify, and without the old key the earlier part cannot', async () => {
    const company = await ctx.factories.company('Clave Rotada');
    const worker = await signInAs(ctx, 'Empleado', company.id);
    await clockInAndOut(ctx, worker);
    const oldKey = original.current;
    const newKey = parseChainKey(generateChainKey().secret.toString('base64'));
    const chains = await rotateChainKey(ctx.db, oldKey, newKey, ctx.clock());
    expect(chains).toBeGreaterThanOrEqual(2);
    const rotation = await ctx.db.selectFrom('registro_chain').selectAll().where('company_id', '=', company.id).where('kind', '=', 'clave').executeTakeFirstOrThrow();
    expect(rotation).toMatchObject({ action: 'rotacion', subject_id: newKey.id, key_id: oldKey.id });
    expect((await headOf(ctx, company.id)).keyId).toBe(newKey.id);

    // The old key alone no longer starts a server.
    await expect(ensureChainKey(ctx.db, original, ctx.clock())).rejects.toThrow(ChainKeyMismatchError);
    useChainKeyring(keyringOf(newKey, [oldKey], 'rotada'));
    await clockInAndOut(ctx, worker);
    const last = await ctx.db.selectFrom('registro_chain').selectAll().where('company_id', '=', company.id).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(last.key_id).toBe(newKey.id);
    const result = await verifyRegistro(ctx.db);
    expect(result.ok).toBe(true);

    const withoutOld = await verifyRegistro(ctx.db, ctx.clock(), keyringOf(newKey, [], 'sin la anterior'));
    const check = withoutOld.companies.find((item) => item.companyId === company.id)!;
    expect(check.ok).toBe(false);
    expect(check.firstBreak!.problem).toContain('que este servidor no tiene');
  });
});
