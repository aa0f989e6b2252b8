import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertTestEvent } from '../../test/factories';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { appendChainEntry, canonicalJson, entryHash, GENESIS_HASH, markChainEntriesPurged, payloadHashOf, sha256Hex, timeRecordPayload } from './registro-chain';
import { verifyRegistro } from './registro-verify';

describe('canonical payload and hashing', () => {
  it('sorts keys at every level and drops whitespace, so key order never changes the hash', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x', null], c: true } })).toBe('{"a":{"c":true,"d":[1,"x",null]},"b":1}');
    expect(payloadHashOf({ a: 1, b: 'ñ' })).toBe(payloadHashOf({ b: 'ñ', a: 1 }));
    expect(() => canonicalJson(Number.NaN)).toThrow();
  });

  it('hashes with SHA-256 over the previous hash and the entry', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const link = { companyId: 'comp-1', seq: 1, kind: 'fichaje' as const, action: 'entrada', subjectId: 'tr-1', payloadHash: 'p', prevHash: GENESIS_HASH };
    const hash = entryHash(link);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHash({ ...link, prevHash: hash })).not.toBe(hash);
    expect(entryHash({ ...link, subjectId: 'tr-2' })).not.toBe(hash);
  });
});

describe('the chain in the database', () => {
  let ctx: TestContext;
  let employee: SignedInUser;
  let other: SignedInUser;
  const here = { lat: 40.4, lng: -3.7, accuracy: 10 };

  beforeAll(async () => {
    ctx = await createTestContext();
    const home = await ctx.factories.company('Cadena Norte');
    const away = await ctx.factories.company('Cadena Sur');
    employee = await signInAs(ctx, 'Empleado', home.id);
    other = await signInAs(ctx, 'Empleado', away.id);
  });
  afterAll(() => ctx.close());

  async function clockInAndOut(user: SignedInUser): Promise<string> {
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

  it('seals clock-in and clock-out, one linked entry each, and the row carries its latest hash', async () => {
    const id = await clockInAndOut(employee);
    const entries = await ctx.db.selectFrom('registro_chain').selectAll().where('subject_id', '=', id).orderBy('seq').execute();
    expect(entries.map((entry) => entry.action)).toEqual(['entrada', 'salida']);
    expect(entries[1]!.prev_hash).toBe(entries[0]!.hash);
    const row = await ctx.db.selectFrom('time_records').select('hash').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.hash).toBe(entries[1]!.hash);
    const result = await verifyRegistro(ctx.db);
    expect(result.ok).toBe(true);
  });

  it('seals on clock-out exactly the stored row (no read-back), and a lost double stop leaves no entry', async () => {
    const now = ctx.clock().getTime();
    const event = await insertTestEvent(ctx.db, {
      companyId: employee.companyId as string,
      start: new Date(now - 3_600_000).toISOString(),
      end: new Date(now + 3_600_000).toISOString(),
      assignedTo: [employee.id],
    });
    const started = await ctx.request({ method: 'POST', url: '/api/time-records/start', cookie: employee.cookie, payload: { eventId: event.id, location: here } });
    ctx.clock.advance(95_000);
    const stop = () => ctx.request({ method: 'POST', url: `/api/time-records/${started.json().id}/stop`, cookie: employee.cookie, payload: { location: { lat: 40.1, lng: -3.2 } } });
    const statuses = (await Promise.all([stop(), stop()])).map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);

    const { hash, ...stored } = await ctx.db.selectFrom('time_records').selectAll().where('id', '=', started.json().id).executeTakeFirstOrThrow();
    const entries = await ctx.db.selectFrom('registro_chain').selectAll().where('subject_id', '=', stored.id).orderBy('seq').execute();
    expect(entries.map((entry) => entry.action)).toEqual(['entrada', 'salida']);
    expect(entries[1]!.payload_hash).toBe(payloadHashOf(timeRecordPayload(stored)));
    expect(hash).toBe(entries[1]!.hash);
    const head = await ctx.db.selectFrom('registro_chain_heads').selectAll().where('company_id', '=', stored.company_id).executeTakeFirstOrThrow();
    expect({ seq: Number(head.seq), hash: head.hash }).toEqual({ seq: Number(entries[1]!.seq), hash: entries[1]!.hash });
    expect((await verifyRegistro(ctx.db)).ok).toBe(true);
  });

  it('keeps sequence numbers contiguous under concurrent appends', async () => {
    const companyId = 'comp-concurrent';
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        ctx.db.transaction().execute((trx) => appendChainEntry(trx, { companyId, kind: 'fichaje', action: 'prueba', subjectId: `x-${index}`, payload: { index }, at: ctx.clock() })),
      ),
    );
    const seqs = (await ctx.db.selectFrom('registro_chain').select('seq').where('company_id', '=', companyId).orderBy('seq').execute()).map((row) => Number(row.seq));
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    await ctx.db.deleteFrom('registro_chain').where('company_id', '=', companyId).execute();
    await ctx.db.deleteFrom('registro_chain_heads').where('company_id', '=', companyId).execute();
  });

  it('reports a row changed directly in the database, with its record id, and only in its company', async () => {
    const id = await clockInAndOut(employee);
    await clockInAndOut(other);
    await ctx.db.updateTable('time_records').set({ start_time: '2026-01-01T08:00:00.000Z' }).where('id', '=', id).execute();
    const result = await verifyRegistro(ctx.db);
    expect(result.ok).toBe(false);
    const broken = result.companies.find((company) => company.companyId === employee.companyId)!;
    expect(broken.ok).toBe(false);
    expect(broken.firstBreak).toMatchObject({ kind: 'fichaje', recordId: id, subjectId: id });
    expect(broken.firstBreak!.problem).toContain('modificado fuera de la aplicación');
    expect(result.companies.find((company) => company.companyId === other.companyId)!.ok).toBe(true);
  });

  it('reports an altered ledger hash at its sequence number, then a deleted row', async () => {
    const fresh = await signInAs(ctx, 'Empleado', (await ctx.factories.company('Cadena Este')).id);
    const first = await clockInAndOut(fresh);
    await clockInAndOut(fresh);
    await ctx.db.updateTable('registro_chain').set({ hash: 'f'.repeat(64) }).where('company_id', '=', fresh.companyId).where('seq', '=', 2).execute();
    let company = (await verifyRegistro(ctx.db)).companies.find((c) => c.companyId === fresh.companyId)!;
    expect(company.firstBreak).toMatchObject({ seq: 2, recordId: first });

    const third = await signInAs(ctx, 'Empleado', (await ctx.factories.company('Cadena Oeste')).id);
    const removed = await clockInAndOut(third);
    await ctx.db.deleteFrom('time_records').where('id', '=', removed).execute();
    company = (await verifyRegistro(ctx.db)).companies.find((c) => c.companyId === third.companyId)!;
    expect(company.firstBreak).toMatchObject({ seq: 1, recordId: removed });
    expect(company.firstBreak!.problem).toContain('eliminado');
  });

  it('verifies purged entries by linkage only', async () => {
    const fourth = await signInAs(ctx, 'Empleado', (await ctx.factories.company('Cadena Purga')).id);
    const purged = await clockInAndOut(fourth);
    await clockInAndOut(fourth);
    await ctx.db.transaction().execute(async (trx) => {
      await markChainEntriesPurged(trx, fourth.companyId as string, [purged], ctx.clock());
      await trx.deleteFrom('time_records').where('id', '=', purged).execute();
    });
    const company = (await verifyRegistro(ctx.db)).companies.find((c) => c.companyId === fourth.companyId)!;
    expect(company).toMatchObject({ ok: true, entries: 4, firstBreak: null });
  });

  it('reports a row inserted behind the app (no entry in the chain)', async () => {
    const fifth = await signInAs(ctx, 'Empleado', (await ctx.factories.company('Cadena Insertada')).id);
    await clockInAndOut(fifth);
    const at = ctx.clock().toISOString();
    await ctx.db
      .insertInto('time_records')
      .values({ id: 'tr-forged', company_id: fifth.companyId as string, user_id: fifth.id, event_id: 'evt-x', start_time: at, end_time: at, duration: 0, status: 'completado', start_location: null, end_location: null, created_at: at })
      .execute();
    const company = (await verifyRegistro(ctx.db)).companies.find((c) => c.companyId === fifth.companyId)!;
    expect(company.firstBreak).toMatchObject({ seq: null, recordId: 'tr-forged' });
  });
});
