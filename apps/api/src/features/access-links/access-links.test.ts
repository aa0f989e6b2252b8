import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { lastAction } from '../../test/last-action';
import { arrangeTwoCompanies, signInAs, type TwoCompanies } from '../../test/sign-in';
import { hashAccessToken } from './access-links.service';

let ctx: TestContext;
let two: TwoCompanies;
let otherSupervisor: Awaited<ReturnType<typeof signInAs>>;

const DAY_MS = 86_400_000;

async function insertRecord(companyId: string, userId: string, id: string, start: string, minutes = 480) {
  const end = new Date(Date.parse(start) + minutes * 60_000).toISOString();
  await ctx.db
    .insertInto('time_records')
    .values({ id, company_id: companyId, user_id: userId, event_id: `evt-${id}`, start_time: start, end_time: end, duration: minutes, status: 'completado', start_location: '{"lat":40.4,"lng":-3.7,"accuracy":5}', end_location: null, created_at: start })
    .execute();
}

function createLink(cookie: string, payload: Record<string, unknown>) {
  return ctx.request({ method: 'POST', url: '/api/access-links', cookie, payload });
}

const october = { from: '2026-10-01', to: '2026-10-31', purpose: 'Inspección de Trabajo, requerimiento 123' };

beforeAll(async () => {
  ctx = await createTestContext();
  two = await arrangeTwoCompanies(ctx);
  otherSupervisor = await signInAs(ctx, 'Supervisor', two.other.id);
  const foreignWorker = await ctx.factories.user({ role: 'Empleado', companyId: two.other.id, name: 'MARCADOR-OTRA Persona' });
  // 30 Sep 23:30 in Madrid is 21:30 UTC: outside October. 31 Oct 23:30 Madrid (22:30 UTC) is inside.
  await insertRecord(two.home.id, two.employee.id, 'tr-sep', '2026-09-30T21:30:00.000Z');
  await insertRecord(two.home.id, two.employee.id, 'tr-oct-1', '2026-10-01T07:00:00.000Z');
  await insertRecord(two.home.id, two.employee.id, 'tr-oct-31', '2026-10-31T22:30:00.000Z', 60);
  await insertRecord(two.home.id, two.employee.id, 'tr-nov', '2026-10-31T23:30:00.000Z');
  await insertRecord(two.other.id, foreignWorker.id, 'tr-MARCADOR-OTRA', '2026-10-15T07:00:00.000Z');
});
afterAll(() => ctx.close());

describe('POST /api/access-links', () => {
  it('creates a link for the supervisor’s company, shows the token once and stores only its hash', async () => {
    const response = await createLink(two.supervisor.cookie, october);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { link, token } = response.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ companyId: two.home.id, companyName: two.home.name, from: '2026-10-01', to: '2026-10-31', state: 'activo', useCount: 0, expiresAt: '2026-11-28T10:00:00.000Z' });
    const row = await ctx.db.selectFrom('access_links').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashAccessToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const logged = await lastAction(ctx, 'access-link.create');
    expect(logged.company_id).toBe(two.home.id);
    expect(logged.message).toContain('01/10/2026–31/10/2026');
    expect(logged.message).not.toContain(token);
    // The list never carries the token either.
    const list = await ctx.request({ method: 'GET', url: '/api/access-links', cookie: two.supervisor.cookie });
    expect(list.body).not.toContain(token);
  });

  it('refuses bad input with Spanish messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...october, purpose: '' }, 'Indica la finalidad del acceso'],
      [{ ...october, from: '2026-11-01' }, 'La fecha de inicio debe ser anterior o igual a la de fin.'],
      [{ ...october, from: '2025-01-01', to: '2026-10-31' }, 'El periodo puede abarcar como máximo un año.'],
      [{ ...october, from: '2026-02-31' }, 'La fecha no existe.'],
      [{ ...october, to: '31/10/2026' }, 'La fecha debe tener el formato aaaa-MM-dd.'],
      [{ ...october, expiresInDays: 91 }, 'como máximo 90 días'],
      [{ ...october, expiresInDays: 0 }, 'al menos 1 día'],
    ];
    for (const [payload, message] of cases) {
      const response = await createLink(two.supervisor.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });

  it('a supervisor cannot create a link for another company (422); an employee cannot create one (403); signed out is 401', async () => {
    const foreign = await createLink(two.supervisor.cookie, { ...october, companyId: two.other.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.message).toBe('Solo puedes crear enlaces para tu empresa.');
    expect((await createLink(two.employee.cookie, october)).statusCode).toBe(403);
    expect((await ctx.request({ method: 'POST', url: '/api/access-links', payload: october })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/access-links', cookie: two.employee.cookie })).statusCode).toBe(403);
  });

  it('an administrator names the company; a missing or unknown one is refused', async () => {
    expect((await createLink(two.admin.cookie, october)).json().error.message).toBe('Elige la empresa del enlace.');
    const unknown = await createLink(two.admin.cookie, { ...october, companyId: 'comp-nope' });
    expect(unknown.statusCode).toBe(422);
    const created = await createLink(two.admin.cookie, { ...october, companyId: two.other.id, expiresInDays: 30 });
    expect(created.statusCode).toBe(201);
    expect(created.json().link.companyName).toBe(two.other.name);
  });
});

describe('GET /api/public/access/:token', () => {
  it('shows only the company’s records of the range, without locations or other companies, and logs the use', async () => {
    const { token, link } = (await createLink(two.supervisor.cookie, october)).json();
    const response = await ctx.request({ method: 'GET', url: `/api/public/access/${token}`, remoteAddress: '203.0.113.7' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const body = response.json();
    expect(body).toMatchObject({ companyName: two.home.name, from: '2026-10-01', to: '2026-10-31', purpose: october.purpose, nextCursor: null });
    expect(body.records.map((record: { id: string }) => record.id)).toEqual(['tr-oct-1', 'tr-oct-31']);
    expect(body.records[1]).toEqual({
      id: 'tr-oct-31',
      workerName: two.employee.name,
      workerUsername: two.employee.username,
      day: '2026-10-31',
      startTime: '2026-10-31T22:30:00.000Z',
      endTime: '2026-10-31T23:30:00.000Z',
      durationMinutes: 60,
      corrected: false,
      flags: [],
    });
    expect(response.body).not.toContain('MARCADOR-OTRA');
    expect(response.body).not.toContain(two.other.name);
    expect(response.body).not.toContain('lat');
    expect(response.body).not.toContain('@example.test');

    const uses = await ctx.request({ method: 'GET', url: `/api/access-links/${link.id}/uses`, cookie: two.supervisor.cookie });
    expect(uses.json().uses).toEqual([{ id: expect.any(String), usedAt: '2026-11-21T10:00:00.000Z', kind: 'view', ip: '203.0.113.7' }]);
    const logged = await lastAction(ctx, 'access-link.use');
    expect(logged).toMatchObject({ company_id: two.home.id, actor_id: null });
    expect(logged.message).toContain('203.0.113.7');
    const list = (await ctx.request({ method: 'GET', url: '/api/access-links', cookie: two.supervisor.cookie })).json();
    expect(list.links.find((item: { id: string }) => item.id === link.id)).toMatchObject({ useCount: 1, lastUsedAt: '2026-11-21T10:00:00.000Z' });
  });

  it('downloads the range as PDF and CSV (the monthly record’s formats), each download logged', async () => {
    const { token, link } = (await createLink(two.supervisor.cookie, october)).json();
    const csv = await ctx.request({ method: 'GET', url: `/api/public/access/${token}/download?format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.headers['cache-control']).toBe('no-store');
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    expect(csv.body).toContain(two.employee.name);
    expect(csv.body).not.toContain('MARCADOR-OTRA');
    expect(csv.body).not.toContain('30/09/2026;');
    const pdf = await ctx.request({ method: 'GET', url: `/api/public/access/${token}/download?format=pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const bad = await ctx.request({ method: 'GET', url: `/api/public/access/${token}/download?format=xls` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('El formato debe ser pdf o csv.');
    const uses = (await ctx.request({ method: 'GET', url: `/api/access-links/${link.id}/uses`, cookie: two.supervisor.cookie })).json().uses;
    expect(uses.map((use: { kind: string }) => use.kind).sort()).toEqual(['csv', 'pdf']);
  });

  it('needs no session and ignores one: a signed-in user of another company sees the same range only', async () => {
    const { token } = (await createLink(two.supervisor.cookie, october)).json();
    const response = await ctx.request({ method: 'GET', url: `/api/public/access/${token}`, cookie: otherSupervisor.cookie });
    expect(response.json().records.map((record: { id: string }) => record.id)).toEqual(['tr-oct-1', 'tr-oct-31']);
  });

  it('an unknown or malformed token is a 404 with a Spanish message and no data', async () => {
    for (const token of ['A'.repeat(43), 'corto', 'x'.repeat(100)]) {
      const response = await ctx.request({ method: 'GET', url: `/api/public/access/${token}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Este enlace de acceso no existe.');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

});

describe('POST /api/access-links/:id/revoke', () => {
  it('revokes: the link answers 410 afterwards, the revocation is logged and cannot repeat', async () => {
    const { token, link } = (await createLink(two.supervisor.cookie, october)).json();
    const revoked = await ctx.request({ method: 'POST', url: `/api/access-links/${link.id}/revoke`, cookie: two.supervisor.cookie });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ state: 'revocado', revokedByName: two.supervisor.name });
    expect((await lastAction(ctx, 'access-link.revoke')).company_id).toBe(two.home.id);
    const refused = await ctx.request({ method: 'GET', url: `/api/public/access/${token}` });
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error.code).toBe('ACCESS_LINK_REVOKED');
    const again = await ctx.request({ method: 'POST', url: `/api/access-links/${link.id}/revoke`, cookie: two.supervisor.cookie });
    expect(again.statusCode).toBe(409);
  });

  it('another company’s link is a 404 for revoke and uses; an employee gets 403', async () => {
    const { link } = (await createLink(two.supervisor.cookie, october)).json();
    for (const url of [`/api/access-links/${link.id}/revoke`]) {
      const response = await ctx.request({ method: 'POST', url, cookie: otherSupervisor.cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('No se ha encontrado el enlace de acceso.');
    }
    expect((await ctx.request({ method: 'GET', url: `/api/access-links/${link.id}/uses`, cookie: otherSupervisor.cookie })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'POST', url: `/api/access-links/${link.id}/revoke`, cookie: two.employee.cookie })).statusCode).toBe(403);
    const theirs = (await ctx.request({ method: 'GET', url: '/api/access-links', cookie: otherSupervisor.cookie })).json();
    expect(theirs.links.every((item: { companyId: string }) => item.companyId === two.other.id)).toBe(true);
    // The admin sees every company's links and may narrow to one.
    const narrowed = (await ctx.request({ method: 'GET', url: `/api/access-links?companyId=${two.home.id}`, cookie: two.admin.cookie })).json();
    expect(narrowed.links.length).toBeGreaterThan(0);
    expect(narrowed.links.every((item: { companyId: string }) => item.companyId === two.home.id)).toBe(true);
  });
});

// Last: it moves the clock a day on, past every session of the file.
describe('expiry', () => {
  it('an expired link answers 410 (injected clock), exactly at its expiry', async () => {
    const { token, link } = (await createLink(two.supervisor.cookie, { ...october, expiresInDays: 1 })).json();
    ctx.clock.advance(DAY_MS - 1);
    expect((await ctx.request({ method: 'GET', url: `/api/public/access/${token}` })).statusCode).toBe(200);
    ctx.clock.advance(1);
    const expired = await ctx.request({ method: 'GET', url: `/api/public/access/${token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({ code: 'ACCESS_LINK_EXPIRED', message: 'Este enlace de acceso ha caducado. Pide a la empresa uno nuevo.' });
    // A day later the old sessions have expired too: sign in again to read the list.
    const supervisor = await signInAs(ctx, 'Supervisor', two.home.id);
    const list = (await ctx.request({ method: 'GET', url: '/api/access-links', cookie: supervisor.cookie })).json();
    expect(list.links.find((item: { id: string }) => item.id === link.id).state).toBe('caducado');
  });
});
