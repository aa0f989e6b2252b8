import { beforeAll, describe, expect, it } from 'vitest';
import { MISSING_RECORD_WINDOW_DAYS } from '@jornada/shared/schemas/corrections';
import { insertTestEvent } from '../../test/factories';
import { pdfPageTexts } from '../../test/pdf-text';
import { lastAction } from '../../test/last-action';
import { useStaffedCompanies } from '../../test/worlds';
import { signaturePng } from '../../ledgers/files/png';
import { verifyRegistro } from '../../ledgers/registro-chain/registro-verify';
import { insertRecord } from '../registro/registro.test-support';

const { ctx, companyA: home, companyB: away, employee, colleague: coworker, supervisor, foreignSupervisor, foreignEmployee, admin } = useStaffedCompanies({
  names: { companyA: 'Altas Norte', companyB: 'Altas Sur', admin: 'Ana Admin' },
});
let assigned: { id: string; name: string };
let unassigned: { id: string };
let foreignEvent: { id: string };
let future: { id: string };
const HOUR = 3_600_000;
const signature = `data:image/png;base64,${signaturePng().toString('base64')}`;

const post = (cookie: string | undefined, url: string, payload: object = {}) => ctx.request({ method: 'POST', url: `/api${url}`, cookie, payload });
const get = (cookie: string | undefined, url: string) => ctx.request({ method: 'GET', url: `/api${url}`, cookie });
const hoursAgo = (hours: number) => new Date(ctx.clock().getTime() - hours * HOUR).toISOString();
const amendments = async () => Number((await ctx.db.selectFrom('time_record_amendments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const records = async () => Number((await ctx.db.selectFrom('time_records').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  // A week of a past event the employee worked on (and forgot to clock).
  assigned = await insertTestEvent(ctx.db, { companyId: home.id, start: hoursAgo(200), end: hoursAgo(10), name: 'Feria de Otoño', assignedTo: [employee.id] });
  unassigned = await insertTestEvent(ctx.db, { companyId: home.id, start: hoursAgo(200), end: hoursAgo(10), assignedTo: [coworker.id] });
  foreignEvent = await insertTestEvent(ctx.db, { companyId: away.id, start: hoursAgo(200), end: hoursAgo(10), assignedTo: [foreignEmployee.id, employee.id] });
  future = await insertTestEvent(ctx.db, { companyId: home.id, start: new Date(ctx.clock().getTime() + 48 * HOUR).toISOString(), end: new Date(ctx.clock().getTime() + 60 * HOUR).toISOString(), assignedTo: [employee.id] });
});

describe('the events a missing record may name', () => {
  it('lists the worker’s assigned events that already started, never another company’s', async () => {
    const own = await get(employee.cookie, '/corrections/missing-records/events');
    expect(own.statusCode).toBe(200);
    const ids = own.json().items.map((item: { id: string }) => item.id);
    expect(ids).toContain(assigned.id);
    expect(ids).not.toContain(unassigned.id);
    expect(ids).not.toContain(foreignEvent.id);
    expect(ids).not.toContain(future.id);
    const forWorker = await get(supervisor.cookie, `/corrections/missing-records/events?userId=${employee.id}`);
    expect(forWorker.json().items.map((item: { id: string }) => item.id)).toContain(assigned.id);
    expect((await get(foreignSupervisor.cookie, `/corrections/missing-records/events?userId=${employee.id}`)).statusCode).toBe(404);
    expect((await get(coworker.cookie, `/corrections/missing-records/events?userId=${employee.id}`)).statusCode).toBe(404);
  });
});

describe('a worker proposes a missing record, a supervisor decides', () => {
  it('writes the record only on approval, flagged "Alta por corrección" in the time log, Mis Horas and the registro CSV', async () => {
    const start = hoursAgo(30);
    const end = hoursAgo(22);
    const before = await records();
    const proposed = await post(employee.cookie, '/corrections/missing-records', { eventId: assigned.id, startTime: start, endTime: end, reason: 'Olvidé fichar la entrada y la salida' });
    expect(proposed.statusCode).toBe(201);
    const correction = proposed.json();
    expect(correction).toMatchObject({ status: 'pendiente', proposerSide: 'empleado', missingRecord: true, recordId: null, beforeStart: null, beforeEnd: null, afterStart: start, afterEnd: end, eventName: 'Feria de Otoño', canWithdraw: true });
    expect((await lastAction(ctx, 'time-record.correction.propose')).message).toContain('ha propuesto dar de alta un fichaje olvidado (Feria de Otoño');
    expect(await records()).toBe(before);

    // One side alone never writes it.
    const self = await post(employee.cookie, `/corrections/${correction.id}/approve`, { signature });
    expect(self.statusCode).toBe(403);
    expect((await post(foreignSupervisor.cookie, `/corrections/${correction.id}/approve`, {})).statusCode).toBe(404);
    expect(await records()).toBe(before);

    const approved = await post(supervisor.cookie, `/corrections/${correction.id}/approve`, { note: 'Estaba en el cuadrante' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'aprobada', missingRecord: true, recordId: expect.any(String) });
    const recordId = approved.json().recordId as string;
    const row = await ctx.db.selectFrom('time_records').selectAll().where('id', '=', recordId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: employee.id, event_id: assigned.id, start_time: start, end_time: end, duration: 480, status: 'completado', corrected: 2, start_location: null });
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await lastAction(ctx, 'time-record.correction.approve')).message).toContain('ha aprobado el alta de un fichaje olvidado');
    expect((await verifyRegistro(ctx.db)).ok).toBe(true);

    const log = await get(supervisor.cookie, '/time-records?limit=50');
    expect(log.statusCode).toBe(200);
    expect(log.json().records.find((item: { id: string }) => item.id === recordId)).toMatchObject({ addedByCorrection: true, corrected: true, userName: 'Juan Pérez' });
    const month = start.slice(0, 7);
    const hours = await get(employee.cookie, `/my-hours?month=${month}`);
    expect(hours.statusCode).toBe(200);
    expect(hours.json().records.find((item: { id: string }) => item.id === recordId)).toMatchObject({ addedByCorrection: true });
    const csv = await get(employee.cookie, `/registro/mine/download?month=${month}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.toString('utf8')).toContain('Alta por corrección');
    const pdf = await get(employee.cookie, `/registro/mine/download?month=${month}&format=pdf`);
    const text = (await pdfPageTexts(pdf.rawPayload)).join('\n');
    expect(text).toMatch(/\d\d:\d\d \*\*/);
    expect(text).toContain('** Alta por corrección: fichaje que faltaba');
    const registro = await get(employee.cookie, `/registro/mine?month=${month}`);
    expect(registro.json().days.flatMap((day: { entries: object[] }) => day.entries)).toContainEqual(expect.objectContaining({ start, end, addedByCorrection: true }));
    const history = await get(employee.cookie, `/time-records/${recordId}/corrections`);
    expect(history.json().items).toEqual([expect.objectContaining({ id: correction.id, missingRecord: true, status: 'aprobada' })]);

    // The added record now blocks a second one at the same time.
    const overlapping = await post(employee.cookie, '/corrections/missing-records', { eventId: assigned.id, startTime: hoursAgo(26), endTime: hoursAgo(20), reason: 'Otra vez' });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().error.message).toBe('Ya hay un fichaje en ese horario: corrige ese fichaje en lugar de dar de alta otro.');
  });

  it('writes nothing when the supervisor rejects it', async () => {
    const before = await records();
    const proposed = await post(employee.cookie, '/corrections/missing-records', { eventId: assigned.id, startTime: hoursAgo(60), endTime: hoursAgo(55), reason: 'Olvidé fichar' });
    expect(proposed.statusCode).toBe(201);
    const rejected = await post(supervisor.cookie, `/corrections/${proposed.json().id}/reject`, { note: 'No consta en el parte' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rechazada', recordId: null });
    expect(await records()).toBe(before);
    expect((await verifyRegistro(ctx.db)).ok).toBe(true);
  });
});

describe('a supervisor proposes a missing record for a worker', () => {
  it('needs the worker’s signed acceptance, never the supervisor’s own', async () => {
    const before = await records();
    const proposed = await post(supervisor.cookie, '/corrections/missing-records', { userId: employee.id, eventId: assigned.id, startTime: hoursAgo(80), endTime: hoursAgo(74), reason: 'Trabajó según el parte' });
    expect(proposed.statusCode).toBe(201);
    expect(proposed.json()).toMatchObject({ proposerSide: 'empresa', userId: employee.id, missingRecord: true });
    const id = proposed.json().id as string;
    expect((await post(supervisor.cookie, `/corrections/${id}/approve`, {})).statusCode).toBe(403);
    expect((await post(admin.cookie, `/corrections/${id}/approve`, {})).statusCode).toBe(403);
    const unsigned = await post(employee.cookie, `/corrections/${id}/approve`, {});
    expect(unsigned.statusCode).toBe(400);
    expect(await records()).toBe(before);
    const accepted = await post(employee.cookie, `/corrections/${id}/approve`, { signature });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'aprobada', signed: true });
    expect(await records()).toBe(before + 1);
    expect((await verifyRegistro(ctx.db)).ok).toBe(true);
  });

  it('refuses an approval when a record landed meanwhile in that interval, and stores nothing', async () => {
    const event = await insertTestEvent(ctx.db, { companyId: employee.companyId as string, start: hoursAgo(30), end: hoursAgo(10), assignedTo: [coworker.id] });
    const proposed = await post(supervisor.cookie, '/corrections/missing-records', { userId: coworker.id, eventId: event.id, startTime: hoursAgo(20), endTime: hoursAgo(15), reason: 'Trabajó según el parte' });
    expect(proposed.statusCode).toBe(201);
    // Meanwhile another correction moved one of the worker's records into that interval.
    await insertRecord(ctx.db, { companyId: employee.companyId as string, userId: coworker.id, start: hoursAgo(16), end: hoursAgo(12), corrected: true });
    const before = await records();
    const accepted = await post(coworker.cookie, `/corrections/${proposed.json().id}/approve`, { signature });
    expect(accepted.statusCode).toBe(409);
    expect(await records()).toBe(before);
    const row = await ctx.db.selectFrom('time_record_amendments').selectAll().where('id', '=', proposed.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pendiente', record_id: null });
    expect(await ctx.db.selectFrom('files').select('id').where('owner_id', '=', coworker.id).where('purpose', '=', 'signature').execute()).toEqual([]);
  });
});

describe('refusals', () => {
  const valid = () => ({ eventId: assigned.id, startTime: hoursAgo(120), endTime: hoursAgo(116), reason: 'Olvidé fichar' });

  it.each([
    ['a future end', () => ({ ...valid(), endTime: new Date(ctx.clock().getTime() + HOUR).toISOString() }), 422, 'La hora de salida no puede estar en el futuro.'],
    ['an end before the start', () => ({ ...valid(), endTime: hoursAgo(121) }), 422, 'La hora de salida debe ser posterior a la de entrada.'],
    ['more than 24 hours', () => ({ ...valid(), startTime: hoursAgo(150) }), 422, 'Un fichaje no puede durar más de 24 horas.'],
    ['a start older than the window', () => ({ ...valid(), startTime: hoursAgo(MISSING_RECORD_WINDOW_DAYS * 24 + 2), endTime: hoursAgo(MISSING_RECORD_WINDOW_DAYS * 24 - 2) }), 422, `Solo se puede dar de alta un fichaje de los últimos ${MISSING_RECORD_WINDOW_DAYS} días.`],
    ['another company’s event', () => ({ ...valid(), eventId: foreignEvent.id }), 422, 'No se ha encontrado el evento en la empresa del trabajador.'],
    ['an unknown event', () => ({ ...valid(), eventId: 'evt-nope' }), 422, 'No se ha encontrado el evento en la empresa del trabajador.'],
    ['an event they were not assigned to', () => ({ ...valid(), eventId: unassigned.id }), 422, 'El trabajador no estaba asignado a ese evento.'],
    ['an event that has not started', () => ({ ...valid(), eventId: future.id }), 422, 'Ese evento todavía no ha empezado.'],
    ['no reason', () => ({ ...valid(), reason: ' ' }), 400, 'Indica el motivo del alta.'],
  ])('refuses %s in Spanish and stores nothing', async (_name, payload, status, message) => {
    const before = await amendments();
    const response = await post(employee.cookie, '/corrections/missing-records', payload());
    expect(response.statusCode).toBe(status);
    expect(JSON.stringify(response.json())).toContain(message);
    expect(await amendments()).toBe(before);
  });

  it('refuses a duplicate of a pending proposal and an overlap with a clocked record', async () => {
    const first = await post(employee.cookie, '/corrections/missing-records', valid());
    expect(first.statusCode).toBe(201);
    const duplicate = await post(employee.cookie, '/corrections/missing-records', { ...valid(), startTime: hoursAgo(118), endTime: hoursAgo(114) });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('Ya hay una propuesta de alta pendiente en ese horario. Espera a que se decida o retírala.');
    expect((await post(employee.cookie, `/corrections/${first.json().id}/withdraw`)).statusCode).toBe(200);
  });

  it('keeps people and companies apart', async () => {
    const before = await amendments();
    // A worker proposes only for themselves; another company's supervisor cannot reach the worker.
    expect((await post(coworker.cookie, '/corrections/missing-records', { ...valid(), userId: employee.id })).statusCode).toBe(404);
    const foreign = await post(foreignSupervisor.cookie, '/corrections/missing-records', { ...valid(), userId: employee.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('No se ha encontrado el trabajador.');
    // A supervisor cannot name another company's event for their own worker.
    expect((await post(supervisor.cookie, '/corrections/missing-records', { ...valid(), userId: employee.id, eventId: foreignEvent.id })).statusCode).toBe(422);
    expect((await post(foreignEmployee.cookie, '/corrections/missing-records', valid())).statusCode).toBe(422);
    expect(await amendments()).toBe(before);
  });
});
