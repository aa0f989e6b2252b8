import { describe, expect, it } from 'vitest';
import { insertTestEvent } from '../../test/factories';
import { lastAction } from '../../test/last-action';
import { signInAs, type SignedInUser } from '../../test/sign-in';
import { useStaffedCompanies } from '../../test/worlds';
import { signaturePng } from '../../ledgers/files/png';
import { verifyRegistro } from '../../ledgers/registro-chain/registro-verify';
import { purgeExpired } from '../legal-archive/retention';

const { ctx, employee, colleague: coworker, supervisor, foreignSupervisor, foreignEmployee, admin } = useStaffedCompanies({
  names: { companyA: 'Correcciones Norte', companyB: 'Correcciones Sur', admin: 'Ana Admin' },
});
const here = { lat: 40.4, lng: -3.7, accuracy: 8 };
const MIN = 60_000;
const signature = `data:image/png;base64,${signaturePng().toString('base64')}`;

const post = (cookie: string | undefined, url: string, payload: object = {}) => ctx.request({ method: 'POST', url: `/api${url}`, cookie, payload });
const get = (cookie: string | undefined, url: string) => ctx.request({ method: 'GET', url: `/api${url}`, cookie });
const minutesAgo = (minutes: number) => new Date(ctx.clock().getTime() - minutes * MIN).toISOString();

/** A completed record of `user`: 60 minutes long, ended at the clock's 'now'. */
async function completedRecord(user: SignedInUser) {
  const now = ctx.clock().getTime();
  const event = await insertTestEvent(ctx.db, {
    companyId: user.companyId as string,
    start: new Date(now - 120 * MIN).toISOString(),
    end: new Date(now + 240 * MIN).toISOString(),
    assignedTo: [user.id],
  });
  const started = await post(user.cookie, '/time-records/start', { eventId: event.id, location: here });
  expect(started.statusCode).toBe(201);
  ctx.clock.advance(60 * MIN);
  const stopped = await post(user.cookie, `/time-records/${started.json().id}/stop`, { location: here });
  expect(stopped.statusCode).toBe(200);
  ctx.clock.advance(MIN);
  return stopped.json() as { id: string; startTime: string; endTime: string; duration: number };
}

const recordRow = (id: string) => ctx.db.selectFrom('time_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('an employee proposes, a supervisor decides', () => {
  it('applies only when the supervisor approves, keeps before and after, and logs every step', async () => {
    const record = await completedRecord(employee);
    const newStart = new Date(Date.parse(record.startTime) - 30 * MIN).toISOString();
    const proposed = await post(employee.cookie, `/time-records/${record.id}/corrections`, { startTime: newStart, reason: 'Entré antes y el móvil no tenía cobertura' });
    expect(proposed.statusCode).toBe(201);
    const correction = proposed.json();
    expect(correction).toMatchObject({ status: 'pendiente', proposerSide: 'empleado', beforeStart: record.startTime, afterStart: newStart, afterEnd: record.endTime, canDecide: false, canWithdraw: true });
    expect((await lastAction(ctx, 'time-record.correction.propose')).message).toContain('Juan Pérez ha propuesto corregir');
    expect((await recordRow(record.id)).start_time).toBe(record.startTime);

    // One side alone cannot apply it.
    const self = await post(employee.cookie, `/corrections/${correction.id}/approve`, { signature });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe('Esta corrección la tiene que aprobar o rechazar un supervisor de la empresa.');
    expect((await post(coworker.cookie, `/corrections/${correction.id}/approve`, {})).statusCode).toBe(404);
    expect((await post(foreignSupervisor.cookie, `/corrections/${correction.id}/approve`, {})).statusCode).toBe(404);
    expect((await recordRow(record.id)).start_time).toBe(record.startTime);

    const listed = await get(supervisor.cookie, '/corrections?status=pendiente');
    expect(listed.json().items.find((item: { id: string }) => item.id === correction.id)).toMatchObject({ canDecide: true, userName: 'Juan Pérez' });

    const approved = await post(supervisor.cookie, `/corrections/${correction.id}/approve`, { note: 'Confirmado con el jefe de equipo' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'aprobada', decidedBy: supervisor.id, deciderName: 'Marta López', decisionNote: 'Confirmado con el jefe de equipo', signed: false });
    const row = await recordRow(record.id);
    expect(row).toMatchObject({ start_time: newStart, end_time: record.endTime, duration: 90, status: 'completado', corrected: 1 });
    expect((await lastAction(ctx, 'time-record.correction.approve')).message).toContain('Marta López ha aprobado');

    const history = await get(employee.cookie, `/time-records/${record.id}/corrections`);
    expect(history.statusCode).toBe(200);
    expect(history.json().record).toMatchObject({ id: record.id, corrected: true, startTime: newStart, duration: 90 });
    expect(history.json().items).toEqual([expect.objectContaining({ beforeStart: record.startTime, afterStart: newStart, reason: 'Entré antes y el móvil no tenía cobertura', status: 'aprobada', proposerName: 'Juan Pérez' })]);
    expect((await post(supervisor.cookie, `/corrections/${correction.id}/approve`, {})).statusCode).toBe(409);
    expect((await verifyRegistro(ctx.db)).ok).toBe(true);
  });
});

describe('a supervisor proposes, the employee decides with their signature', () => {
  it('needs the employee signature (a real PNG) and refuses the supervisor approving their own proposal', async () => {
    const record = await completedRecord(employee);
    const newEnd = new Date(Date.parse(record.endTime) - 15 * MIN).toISOString();
    const proposed = await post(supervisor.cookie, `/time-records/${record.id}/corrections`, { endTime: newEnd, reason: 'Salió antes, según el parte' });
    expect(proposed.statusCode).toBe(201);
    const id = proposed.json().id;
    expect(proposed.json().proposerSide).toBe('empresa');

    const own = await post(supervisor.cookie, `/corrections/${id}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('Esta corrección la tiene que aprobar o rechazar el empleado, con su firma.');
    expect((await post(admin.cookie, `/corrections/${id}/approve`, {})).statusCode).toBe(403);

    const unsigned = await post(employee.cookie, `/corrections/${id}/approve`, {});
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.message).toBe('Firma para aprobar la corrección.');
    const fake = await post(employee.cookie, `/corrections/${id}/approve`, { signature: `data:image/png;base64,${Buffer.from('hola').toString('base64')}` });
    expect(fake.statusCode).toBe(415);
    expect((await recordRow(record.id)).end_time).toBe(record.endTime);

    const pending = await get(employee.cookie, '/corrections/summary');
    expect(pending.json().awaitingMe).toBeGreaterThanOrEqual(1);

    const approved = await post(employee.cookie, `/corrections/${id}/approve`, { signature });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'aprobada', signed: true });
    expect(await recordRow(record.id)).toMatchObject({ end_time: newEnd, duration: 45, corrected: 1 });
    const stored = await ctx.db.selectFrom('time_record_amendments').innerJoin('files', 'files.id', 'time_record_amendments.signature_file_id').select(['files.content_type', 'files.owner_id']).where('time_record_amendments.id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ content_type: 'image/png', owner_id: employee.id });
  });
});

describe('rejections, withdrawals and the one-pending rule', () => {
  it('a rejected proposal changes nothing', async () => {
    const record = await completedRecord(employee);
    const before = await recordRow(record.id);
    const id = (await post(supervisor.cookie, `/time-records/${record.id}/corrections`, { startTime: minutesAgo(200), reason: 'Revisión' })).json().id;
    const rejected = await post(employee.cookie, `/corrections/${id}/reject`, { note: 'Llegué a mi hora' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rechazada', decisionNote: 'Llegué a mi hora' });
    expect(await recordRow(record.id)).toEqual({ ...before, hash: expect.any(String) });
    expect((await recordRow(record.id)).start_time).toBe(before.start_time);
    expect((await lastAction(ctx, 'time-record.correction.reject')).message).toContain('Llegué a mi hora');
  });

  it('allows one pending correction per record, withdrawn only by its proposer', async () => {
    const record = await completedRecord(employee);
    const first = await post(employee.cookie, `/time-records/${record.id}/corrections`, { startTime: minutesAgo(100), reason: 'Primera' });
    expect(first.statusCode).toBe(201);
    const second = await post(supervisor.cookie, `/time-records/${record.id}/corrections`, { startTime: minutesAgo(90), reason: 'Segunda' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('Este fichaje ya tiene una corrección pendiente. Espera a que se decida o retírala.');
    const byOther = await post(supervisor.cookie, `/corrections/${first.json().id}/withdraw`);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.message).toBe('Solo quien propuso la corrección puede retirarla.');
    const withdrawn = await post(employee.cookie, `/corrections/${first.json().id}/withdraw`);
    expect(withdrawn.json()).toMatchObject({ status: 'retirada', canWithdraw: false });
    expect((await lastAction(ctx, 'time-record.correction.withdraw')).message).toContain('ha retirado');
    ctx.clock.advance(MIN);
    expect((await post(supervisor.cookie, `/time-records/${record.id}/corrections`, { startTime: minutesAgo(90), reason: 'Segunda' })).statusCode).toBe(201);
    const history = (await get(supervisor.cookie, `/time-records/${record.id}/corrections`)).json().items;
    expect(history.map((item: { status: string }) => item.status)).toEqual(['retirada', 'pendiente']);
    const decided = await get(employee.cookie, '/corrections?status=decididas');
    expect(decided.json().items.some((item: { id: string }) => item.id === first.json().id)).toBe(true);
  });

  it('checks the new times, in Spanish', async () => {
    const record = await completedRecord(employee);
    const url = `/time-records/${record.id}/corrections`;
    const cases: [object, number, string][] = [
      [{ startTime: record.endTime, reason: 'x'.repeat(5) }, 422, 'La hora de salida debe ser posterior a la de entrada.'],
      [{ endTime: new Date(ctx.clock().getTime() + 60 * MIN).toISOString(), reason: 'Futuro' }, 422, 'La hora de salida no puede estar en el futuro.'],
      [{ startTime: minutesAgo(26 * 60), reason: 'Muy largo' }, 422, 'Un fichaje no puede durar más de 24 horas.'],
      [{ startTime: record.startTime, reason: 'Igual' }, 422, 'La corrección no cambia el fichaje.'],
      [{ startTime: minutesAgo(100) }, 400, 'Indica el motivo de la corrección.'],
      [{ reason: 'Sin horas' }, 400, 'Indica la nueva hora de entrada o de salida.'],
      [{ startTime: 'ayer', reason: 'Fecha mala' }, 400, 'La fecha y hora no son válidas.'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post(employee.cookie, url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().error.message).toContain(message);
    }
  });
});

describe('scope', () => {
  it("hides another company's records and corrections (404) and requires a session", async () => {
    const record = await completedRecord(employee);
    const id = (await post(employee.cookie, `/time-records/${record.id}/corrections`, { startTime: minutesAgo(100), reason: 'Alcance' })).json().id;
    expect((await post(foreignSupervisor.cookie, `/time-records/${record.id}/corrections`, { startTime: minutesAgo(100), reason: 'Ajeno' })).statusCode).toBe(404);
    expect((await post(coworker.cookie, `/time-records/${record.id}/corrections`, { startTime: minutesAgo(100), reason: 'Ajeno' })).statusCode).toBe(404);
    expect((await get(foreignSupervisor.cookie, `/time-records/${record.id}/corrections`)).statusCode).toBe(404);
    expect((await get(coworker.cookie, `/time-records/${record.id}/corrections`)).statusCode).toBe(404);
    expect((await post(foreignSupervisor.cookie, `/corrections/${id}/reject`)).statusCode).toBe(404);
    expect((await post(foreignEmployee.cookie, `/corrections/${id}/withdraw`)).statusCode).toBe(404);
    expect((await get(foreignSupervisor.cookie, '/corrections')).json().items.some((item: { id: string }) => item.id === id)).toBe(false);
    expect((await get(coworker.cookie, '/corrections')).json().items.some((item: { id: string }) => item.id === id)).toBe(false);
    expect((await get(admin.cookie, '/corrections')).json().items.some((item: { id: string }) => item.id === id)).toBe(true);
    expect((await get(undefined, '/corrections')).statusCode).toBe(401);
    expect((await post(undefined, `/corrections/${id}/approve`)).statusCode).toBe(401);
    expect((await post(supervisor.cookie, '/corrections/amd-nope/approve')).statusCode).toBe(404);
    expect((await get(supervisor.cookie, '/corrections?status=todas')).statusCode).toBe(400);
    await post(employee.cookie, `/corrections/${id}/withdraw`);
  });

  it('a completed record cannot be changed by any other route', async () => {
    const record = await completedRecord(employee);
    const before = await recordRow(record.id);
    expect((await post(employee.cookie, `/time-records/${record.id}/stop`, { location: here })).statusCode).toBe(409);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await ctx.request({ method, url: `/api/time-records/${record.id}`, cookie: supervisor.cookie, payload: { startTime: minutesAgo(500) } });
      expect(response.statusCode).toBe(404);
    }
    expect(await recordRow(record.id)).toEqual(before);
  });
});

describe("'Sin cierre'", () => {
  it('flags a record open 2 hours after its event ended; it closes only through a correction', async () => {
    const now = ctx.clock().getTime();
    const event = await insertTestEvent(ctx.db, { companyId: coworker.companyId as string, start: new Date(now - 30 * MIN).toISOString(), end: new Date(now + 60 * MIN).toISOString(), assignedTo: [coworker.id] });
    const started = (await post(coworker.cookie, '/time-records/start', { eventId: event.id, location: here })).json();
    const early = await post(coworker.cookie, `/time-records/${started.id}/corrections`, { endTime: minutesAgo(0), reason: 'Pronto' });
    expect(early.statusCode).toBe(409);

    ctx.clock.advance((60 + 119) * MIN);
    expect((await get(coworker.cookie, '/time-records/active')).json().record.sinCierre).toBe(false);
    ctx.clock.advance(2 * MIN);
    expect((await get(coworker.cookie, '/time-records/active')).json().record).toMatchObject({ sinCierre: true, status: 'activo' });
    const log = (await get(supervisor.cookie, `/time-records?companyId=${coworker.companyId}`)).json().records;
    expect(log.find((entry: { id: string }) => entry.id === started.id).sinCierre).toBe(true);
    expect((await get(supervisor.cookie, '/corrections/summary')).json().sinCierre).toBeGreaterThanOrEqual(1);
    expect((await get(supervisor.cookie, '/corrections/sin-cierre')).json().records.map((entry: { id: string }) => entry.id)).toContain(started.id);
    expect((await get(foreignSupervisor.cookie, '/corrections/sin-cierre')).json().records).toEqual([]);

    const stop = await post(coworker.cookie, `/time-records/${started.id}/stop`, { location: here });
    expect(stop.statusCode).toBe(409);
    expect(stop.json().error.message).toContain('sin cierre');
    // The clock-out updates before it checks: the refusal must leave the row as it was.
    expect(await recordRow(started.id)).toMatchObject({ status: 'activo', end_time: null, end_location: null, duration: null });

    const missingEnd = await post(coworker.cookie, `/time-records/${started.id}/corrections`, { startTime: started.startTime, reason: 'Olvidé fichar' });
    expect(missingEnd.statusCode).toBe(400);
    expect(missingEnd.json().error.message).toBe('Indica la hora real de salida para cerrar el fichaje.');
    const realEnd = new Date(Date.parse(started.startTime) + 90 * MIN).toISOString();
    const proposed = await post(coworker.cookie, `/time-records/${started.id}/corrections`, { endTime: realEnd, reason: 'Olvidé fichar la salida' });
    expect(proposed.statusCode).toBe(201);
    expect(proposed.json()).toMatchObject({ beforeEnd: null, afterEnd: realEnd });
    await post(supervisor.cookie, `/corrections/${proposed.json().id}/approve`);
    expect(await recordRow(started.id)).toMatchObject({ status: 'completado', end_time: realEnd, duration: 90, corrected: 1 });
    expect((await get(coworker.cookie, '/time-records/active')).json().record).toBeNull();
    expect((await verifyRegistro(ctx.db)).ok).toBe(true);
  });
});

describe('tamper evidence of corrections', () => {
  it('reports an amendment changed directly in the database, with its record id', async () => {
    const record = await completedRecord(coworker);
    const id = (await post(coworker.cookie, `/time-records/${record.id}/corrections`, { startTime: minutesAgo(100), reason: 'Manipulada' })).json().id;
    await ctx.db.updateTable('time_record_amendments').set({ after_start: minutesAgo(300) }).where('id', '=', id).execute();
    const company = (await verifyRegistro(ctx.db)).companies.find((check) => check.companyId === coworker.companyId)!;
    expect(company.firstBreak).toMatchObject({ kind: 'correccion', subjectId: id, recordId: record.id });
  });

  it('offers the check to administrators only, and logs it', async () => {
    expect((await post(supervisor.cookie, '/registro-integrity/verify')).statusCode).toBe(403);
    const response = await post(admin.cookie, '/registro-integrity/verify');
    expect(response.statusCode).toBe(200);
    expect(response.json().ok).toBe(false);
    expect(response.json().companies.find((check: { companyId: string }) => check.companyId === coworker.companyId).firstBreak.kind).toBe('correccion');
    expect((await lastAction(ctx, 'registro.verify')).message).toContain('con la cadena rota');
  });
});

describe('the approval signature is part of the legal record', () => {
  it('outlives the company deletion beside its correction and goes with it after four years', async () => {
    const company = await ctx.factories.company('Correcciones Que Cierra');
    const worker = await signInAs(ctx, 'Empleado', company.id);
    const boss = await signInAs(ctx, 'Supervisor', company.id);
    const record = await completedRecord(worker);
    const newEnd = new Date(Date.parse(record.endTime) - 10 * MIN).toISOString();
    const id = (await post(boss.cookie, `/time-records/${record.id}/corrections`, { endTime: newEnd, reason: 'Salida según el parte' })).json().id;
    expect((await post(worker.cookie, `/corrections/${id}/approve`, { signature })).statusCode).toBe(200);
    const file = await ctx.db
      .selectFrom('time_record_amendments')
      .innerJoin('files', 'files.id', 'time_record_amendments.signature_file_id')
      .select(['files.id', 'files.sha256', 'files.bytes', 'files.purpose'])
      .where('time_record_amendments.id', '=', id)
      .executeTakeFirstOrThrow();
    // A registro signature (decision 036): neither the company's deletion nor a new 'Mi Firma' removes it.
    expect(file).toMatchObject({ purpose: 'registro-signature' });
    const kept = () => ctx.db.selectFrom('files').selectAll().where('id', '=', file.id).executeTakeFirst();
    expect(await kept()).toMatchObject({ company_id: company.id, sha256: file.sha256 });
    expect((await ctx.request({ method: 'PUT', url: '/api/my-signature', cookie: worker.cookie, payload: { signature } })).statusCode).toBe(200);
    expect(await kept()).toBeDefined();

    const deleted = await ctx.request({ method: 'DELETE', url: `/api/companies/${company.id}`, cookie: admin.cookie, payload: { confirmName: company.name } });
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.db.selectFrom('files').select('id').where('company_id', '=', company.id).where('purpose', '!=', 'registro-signature').execute()).toEqual([]);
    const survivor = await kept();
    expect(survivor?.sha256).toBe(file.sha256);
    expect(Buffer.from(survivor!.bytes).equals(Buffer.from(file.bytes))).toBe(true);
    expect(await ctx.db.selectFrom('time_record_amendments').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();

    const fourYearsLater = new Date(ctx.clock().getTime() + (4 * 366 + 1) * 24 * 60 * MIN);
    await purgeExpired(ctx.db, () => fourYearsLater);
    expect(await kept()).toBeUndefined();
    expect(await ctx.db.selectFrom('time_record_amendments').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});
