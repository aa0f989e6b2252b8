import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { lastAction } from '../../test/last-action';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { sealTimeRecord } from '../../ledgers/registro-chain/registro-chain';
import { verifyRegistro } from '../../ledgers/registro-chain/registro-verify';
import { purgeExpired, retentionCutoff } from './retention';

let ctx: TestContext;
let admin: SignedInUser;

const START = '2026-11-21T10:00:00.000Z';

/** A completed record, sealed in the company's chain as the app does at clock-out. */
async function insertRecord(companyId: string, userId: string, id: string, start: string) {
  const end = new Date(Date.parse(start) + 8 * 3_600_000).toISOString();
  await ctx.db
    .insertInto('time_records')
    .values({ id, company_id: companyId, user_id: userId, event_id: `evt-${id}`, start_time: start, end_time: end, duration: 480, status: 'completado', start_location: null, end_location: null, created_at: start })
    .execute();
  await ctx.db.transaction().execute((trx) => sealTimeRecord(trx, id, 'completado', new Date(end)));
}

async function insertSignedMonth(companyId: string, userId: string, month: string) {
  await ctx.db
    .insertInto('signed_months')
    .values({ id: `sm-${userId}-${month}`, company_id: companyId, user_id: userId, month, signed_at: START, user_name: 'x', signature_file_id: `file-sm-${userId}-${month}`, signature_sha256: 'x', worked_minutes: 0, overtime_minutes: 0, year_overtime_minutes: 0, rule_breaks: 0, content_sha256: 'x' })
    .execute();
}

const count = async (table: 'time_records' | 'signed_months' | 'legal_archive_subjects') =>
  Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Administrador', null, { name: 'Ana Admin' });
});
afterAll(() => ctx.close());

describe('the legal archive', () => {
  let company: { id: string; name: string };
  let worker: { id: string; name: string; username: string };

  it('survives a company deletion: records stay, names are archived, links go, the deletion is logged', async () => {
    company = await ctx.factories.company('ARCHIVO-EMPRESA Seguridad');
    worker = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'ARCHIVO-TRABAJADOR Pérez' });
    const idle = await ctx.factories.user({ role: 'Empleado', companyId: company.id, name: 'Sin Fichajes' });
    const supervisor = await signInAs(ctx, 'Supervisor', company.id);
    await insertRecord(company.id, worker.id, 'tr-arch-1', '2026-10-05T07:00:00.000Z');
    await insertRecord(company.id, worker.id, 'tr-arch-2', '2026-11-05T07:00:00.000Z');
    await insertSignedMonth(company.id, worker.id, '2026-10');
    const link = await ctx.request({ method: 'POST', url: '/api/access-links', cookie: supervisor.cookie, payload: { from: '2026-10-01', to: '2026-10-31', purpose: 'Inspección' } });
    const { token } = link.json();

    const deleted = await ctx.request({ method: 'DELETE', url: `/api/companies/${company.id}`, cookie: admin.cookie, payload: { confirmName: company.name } });
    expect(deleted.statusCode).toBe(200);

    expect(await ctx.db.selectFrom('companies').select('id').where('id', '=', company.id).executeTakeFirst()).toBeUndefined();
    expect(await ctx.db.selectFrom('users').select('id').where('id', '=', worker.id).executeTakeFirst()).toBeUndefined();
    const records = await ctx.db.selectFrom('time_records').select('id').where('company_id', '=', company.id).orderBy('id').execute();
    expect(records.map((row) => row.id)).toEqual(['tr-arch-1', 'tr-arch-2']);
    const subjects = await ctx.db.selectFrom('legal_archive_subjects').selectAll().where('company_id', '=', company.id).orderBy('kind').execute();
    expect(subjects.map((row) => [row.kind, row.name])).toEqual([['company', company.name], ['user', worker.name]]);
    expect(subjects.find((row) => row.kind === 'user')).toMatchObject({ username: worker.username, email: `${worker.username}@example.test`, deleted_by_name: 'Ana Admin' });
    expect(subjects.some((row) => row.subject_id === idle.id)).toBe(false);
    expect((await lastAction(ctx, 'legal-archive.company')).message).toContain('4 años');
    // A deleted company's links open nothing.
    expect((await ctx.request({ method: 'GET', url: `/api/public/access/${token}` })).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('access_links').select('id').where('company_id', '=', company.id).execute()).toEqual([]);
  });

  it('lists the archived company and worker for the admin with counts and spans, and opens their records', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/legal-archive', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const archivedCompany = body.companies.find((item: { subjectId: string }) => item.subjectId === company.id);
    expect(archivedCompany).toMatchObject({ name: company.name, recordCount: 2, workerCount: 1, firstDay: '2026-10-05', lastDay: '2026-11-05', purgeAfter: '2030-11-05T07:00:00.000Z' });
    const archivedWorker = body.users.find((item: { subjectId: string }) => item.subjectId === worker.id);
    expect(archivedWorker).toMatchObject({ name: worker.name, companyName: company.name, recordCount: 2 });

    const records = await ctx.request({ method: 'GET', url: `/api/legal-archive/${archivedCompany.id}/records`, cookie: admin.cookie });
    expect(records.json().records.map((record: { id: string; workerName: string }) => [record.id, record.workerName])).toEqual([
      ['tr-arch-1', worker.name],
      ['tr-arch-2', worker.name],
    ]);
    const csv = await ctx.request({ method: 'GET', url: `/api/legal-archive/${archivedWorker.id}/download?format=csv&year=2026`, cookie: admin.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(worker.name);
    expect(csv.body).toContain(company.name);
    // A second later, so the newest 'legal-archive.download' entry is this one (the test clock stands still).
    ctx.clock.advance(1000);
    const pdf = await ctx.request({ method: 'GET', url: `/api/legal-archive/${archivedCompany.id}/download?format=pdf&year=2026`, cookie: admin.cookie });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await lastAction(ctx, 'legal-archive.download')).message).toContain(company.name);
    const bad = await ctx.request({ method: 'GET', url: `/api/legal-archive/${archivedCompany.id}/download?format=pdf&year=abc`, cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it('nobody but a platform admin reaches it; an unknown id is a 404', async () => {
    const other = await ctx.factories.company('Otra');
    const supervisor = await signInAs(ctx, 'Supervisor', other.id);
    const employee = await signInAs(ctx, 'Empleado', other.id);
    const subject = (await ctx.request({ method: 'GET', url: '/api/legal-archive', cookie: admin.cookie })).json().companies[0];
    for (const url of ['/api/legal-archive', `/api/legal-archive/${subject.id}/records`, `/api/legal-archive/${subject.id}/download?format=csv&year=2026`]) {
      expect((await ctx.request({ method: 'GET', url, cookie: supervisor.cookie })).statusCode, url).toBe(403);
      expect((await ctx.request({ method: 'GET', url, cookie: employee.cookie })).statusCode, url).toBe(403);
      expect((await ctx.request({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const unknown = await ctx.request({ method: 'GET', url: '/api/legal-archive/arch-nope/records', cookie: admin.cookie });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No se ha encontrado en el archivo legal.');
    // The archived company never shows in the company list, nor its worker in the user list.
    const companies = await ctx.request({ method: 'GET', url: '/api/companies', cookie: admin.cookie });
    expect(companies.body).not.toContain('ARCHIVO-EMPRESA');
    const users = await ctx.request({ method: 'GET', url: '/api/users', cookie: admin.cookie });
    expect(users.body).not.toContain('ARCHIVO-TRABAJADOR');
  });

  it('survives a user deletion: a worker with records is archived (and logged), one without is not', async () => {
    const live = await ctx.factories.company('Empresa Viva');
    const leaver = await ctx.factories.user({ role: 'Empleado', companyId: live.id, name: 'BAJA-CON-FICHAJES' });
    const nobody = await ctx.factories.user({ role: 'Empleado', companyId: live.id, name: 'BAJA-SIN-FICHAJES' });
    await insertRecord(live.id, leaver.id, 'tr-leaver', '2026-11-02T07:00:00.000Z');
    for (const user of [leaver, nobody]) {
      expect((await ctx.request({ method: 'DELETE', url: `/api/users/${user.id}`, cookie: admin.cookie })).statusCode).toBe(200);
    }
    const subjects = await ctx.db.selectFrom('legal_archive_subjects').select(['kind', 'name', 'company_id']).where('kind', '=', 'user').where('company_id', '=', live.id).execute();
    expect(subjects).toEqual([{ kind: 'user', name: 'BAJA-CON-FICHAJES', company_id: live.id }]);
    expect((await lastAction(ctx, 'legal-archive.user')).message).toContain('BAJA-CON-FICHAJES');
    expect(await ctx.db.selectFrom('time_records').select('id').where('id', '=', 'tr-leaver').executeTakeFirst()).toBeDefined();
  });
});

describe('purgeExpired', () => {
  it('computes the cutoff four calendar years back', () => {
    expect(retentionCutoff(new Date('2030-11-05T07:00:00.000Z')).toISOString()).toBe('2026-11-05T07:00:00.000Z');
  });

  it('keeps everything up to exactly four years, purges after, drops empty subjects, logs, and the chain still verifies', async () => {
    const live = await ctx.factories.company('Empresa Que Sigue');
    const staff = await ctx.factories.user({ role: 'Empleado', companyId: live.id });
    await insertRecord(live.id, staff.id, 'tr-live-old', '2026-10-05T07:00:00.000Z');
    await insertRecord(live.id, staff.id, 'tr-live-new', '2027-06-01T07:00:00.000Z');
    await insertSignedMonth(live.id, staff.id, '2026-09');
    expect((await verifyRegistro(ctx.db)).ok).toBe(true);
    const subjectsBefore = await count('legal_archive_subjects');

    // Exactly four years after the oldest records: nothing is more than four years old yet.
    const nothing = await purgeExpired(ctx.db, () => new Date('2030-10-05T07:00:00.000Z'));
    expect(nothing).toMatchObject({ timeRecords: 0, amendments: 0, archivedSubjects: 0 });
    // 2026-09 is wholly older than four years on 2030-10-05: the signed month goes, its records stay.
    expect(nothing.signedMonths).toBe(1);

    const purged = await purgeExpired(ctx.db, () => new Date('2030-10-05T07:00:00.001Z'));
    expect(purged.timeRecords).toBe(2); // tr-arch-1 (archived company) and tr-live-old
    const left = await ctx.db.selectFrom('time_records').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['tr-arch-2', 'tr-leaver', 'tr-live-new']);
    expect(await count('legal_archive_subjects')).toBe(subjectsBefore);
    const verification = await verifyRegistro(ctx.db);
    expect(verification.ok).toBe(true);
    const logged = await lastAction(ctx, 'registro.purge');
    expect(logged.actor_name).toBe('Sistema');
    expect(logged.message).toContain('fichajes');

    // A month later the archived company's last record (2026-11-05) is older than four years too:
    // nothing of it is left, so its archived names go as well.
    const later = await purgeExpired(ctx.db, () => new Date('2030-12-01T00:00:00.000Z'));
    expect(later.timeRecords).toBe(2); // tr-arch-2 and tr-leaver
    expect(later.signedMonths).toBe(1); // the archived worker's 2026-10
    expect(later.archivedSubjects).toBe(3); // the company, its worker and the deleted live worker
    expect(await ctx.db.selectFrom('legal_archive_subjects').select('id').execute()).toEqual([]);
    expect((await verifyRegistro(ctx.db)).ok).toBe(true);
    // Idempotent.
    expect(await purgeExpired(ctx.db, () => new Date('2030-12-01T00:00:00.000Z'))).toMatchObject({ timeRecords: 0, signedMonths: 0, archivedSubjects: 0 });
  });
});
